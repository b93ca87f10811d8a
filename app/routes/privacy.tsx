import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import clsx from "clsx";

export const meta: MetaFunction = ({ location, matches }) => {
  const reader = (matches.find((match) => match.id === "root")?.data as { language?: string } | undefined)?.language;
  const asked = new URLSearchParams(location.search).get("lang") ?? reader;
  return [{ title: `${text[asked === "sv" ? "sv" : "en"].title} · Availability` }];
};

type Lang = "en" | "sv";

const text: Record<Lang, { title: string; updated: string; sections: { heading: string; body: string; id?: string }[] }> = {
  en: {
    title: "Privacy policy",
    updated: "Last updated 1 November 2026",
    sections: [
      {
        heading: "Who is responsible",
        body: "The data controller for the personal data processed in the service is the Swedish software company that provides it. Your employer decides which of its staff use the service and is responsible for the data it enters about them.",
      },
      {
        heading: "What we process",
        body: "Your name, e-mail address, phone number, title, profile picture, group and office, the workload levels, forecasts, absences, status messages and work locations you or your administrators record, and technical data about sign-ins (time, device and address) needed to keep your account secure.",
      },
      {
        heading: "Why",
        body: "To let you and your colleagues see who is available for work, to help your firm plan staffing, and to keep the service secure. The legal basis is the legitimate interest of your employer in planning its work, and our agreement with your employer.",
      },
      {
        heading: "Who can see it",
        body: "Colleagues at your firm see your availability, location plan and status message. Administrators see more. We never sell your data. Sub-processors that host the service are bound by data processing agreements and keep the data within the EU/EEA or under equivalent safeguards.",
      },
      {
        heading: "How long we keep it",
        body: "As long as your account is active. When your firm removes your account, your personal data is deleted within 90 days, except where the law requires us to keep it longer.",
      },
      {
        heading: "Your rights",
        body: "You may ask for access to, correction of, or erasure of your data, object to its processing, and complain to the Swedish Authority for Privacy Protection (IMY). Contact your firm's administrator or us to use these rights.",
      },
      {
        id: "your-data",
        heading: "Download your data, and erasure",
        body: "Under Settings, 'Your data' gives you a copy of everything stored about you (profile, workload and location history, forecasts, absences, comments, competences, project and matter hours, sessions and devices, and the audit entries about you) as a JSON file and as a workbook; each file downloads once, within 7 days. Passwords, second-factor secrets and token values are never included. When you leave, a company administrator of your firm can erase you: your name, e-mail address, picture, comments, competences and every way to sign in are removed; your workload, location and hours history stays only as anonymous numbers, shown as 'Erased person', so your firm's statistics do not change.",
      },
    ],
  },
  sv: {
    title: "Integritetspolicy",
    updated: "Senast uppdaterad 1 november 2026",
    sections: [
      {
        heading: "Vem som ansvarar",
        body: "Personuppgiftsansvarig för de personuppgifter som behandlas i tjänsten är det svenska mjukvaruföretag som tillhandahåller den. Din arbetsgivare bestämmer vilka anställda som använder tjänsten och ansvarar för de uppgifter den lägger in om dem.",
      },
      {
        heading: "Vilka uppgifter vi behandlar",
        body: "Ditt namn, din e-postadress, ditt telefonnummer, din titel, profilbild, grupp och kontor, de arbetsbelastningsnivåer, prognoser, frånvaroperioder, statusmeddelanden och arbetsplatser som du eller dina administratörer registrerar, samt tekniska uppgifter om inloggningar (tid, enhet och adress) som behövs för att skydda ditt konto.",
      },
      {
        heading: "Varför",
        body: "För att du och dina kollegor ska se vem som har tid för nya uppdrag, för att hjälpa din byrå att planera bemanningen och för att hålla tjänsten säker. Den rättsliga grunden är din arbetsgivares berättigade intresse av att planera sitt arbete och vårt avtal med din arbetsgivare.",
      },
      {
        heading: "Vem som kan se uppgifterna",
        body: "Kollegor på din byrå ser din tillgänglighet, din arbetsplatsplan och ditt statusmeddelande. Administratörer ser mer. Vi säljer aldrig dina uppgifter. Underbiträden som driftar tjänsten är bundna av personuppgiftsbiträdesavtal och behandlar uppgifterna inom EU/EES eller med motsvarande skyddsåtgärder.",
      },
      {
        heading: "Hur länge vi sparar uppgifterna",
        body: "Så länge ditt konto är aktivt. När din byrå tar bort ditt konto raderas dina personuppgifter inom 90 dagar, utom när lagen kräver att vi sparar dem längre.",
      },
      {
        heading: "Dina rättigheter",
        body: "Du kan begära tillgång till, rättelse eller radering av dina uppgifter, invända mot behandlingen och klaga hos Integritetsskyddsmyndigheten (IMY). Kontakta din byrås administratör eller oss för att använda dina rättigheter.",
      },
      {
        id: "your-data",
        heading: "Ladda ner dina uppgifter, och radering",
        body: "Under Inställningar ger 'Your data' dig en kopia av allt som sparas om dig (profil, historik över arbetsbelastning och arbetsplats, prognoser, frånvaro, kommentarer, kompetenser, timmar på projekt och ärenden, inloggningar och enheter samt loggposter om dig) som en JSON-fil och som en arbetsbok; varje fil kan laddas ner en gång, inom 7 dagar. Lösenord, hemligheter för tvåstegsinloggning och token-värden ingår aldrig. När du slutar kan en företagsadministratör på din byrå radera dig: ditt namn, din e-postadress, bild, kommentarer, kompetenser och alla sätt att logga in tas bort; historiken över arbetsbelastning, arbetsplats och timmar finns kvar endast som anonyma siffror, visade som 'Erased person', så att byråns statistik inte ändras.",
      },
    ],
  },
};

export default function Privacy() {
  const [params] = useSearchParams();
  // The reader's language (their choice, browser or firm: the root's), unless they picked one here.
  const reader = useRouteLoaderData<{ language?: string }>("root")?.language;
  const asked = params.get("lang") ?? reader;
  const lang: Lang = asked === "sv" ? "sv" : "en";
  const page = text[lang];
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-8" lang={lang}>
      <div className="flex items-center justify-between gap-4">
        <Link to="/login" className="text-sm font-medium text-brand-700 hover:underline">
          ← {lang === "sv" ? "Tillbaka till inloggningen" : "Back to sign in"}
        </Link>
        <nav aria-label="Language" className="flex gap-1 rounded-md bg-white p-1 ring-1 ring-slate-200">
          {(["en", "sv"] as const).map((code) => (
            <Link
              key={code}
              to={`?lang=${code}`}
              aria-current={code === lang ? "true" : undefined}
              className={clsx("rounded px-3 py-1 text-sm", code === lang ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100")}
            >
              {code === "en" ? "English" : "Svenska"}
            </Link>
          ))}
        </nav>
      </div>
      <h1 className="mt-8 text-3xl font-semibold text-slate-900">{page.title}</h1>
      <p className="mt-2 text-sm text-slate-500">{page.updated}</p>
      <div className="mt-8 space-y-6">
        {page.sections.map((section) => (
          <section key={section.heading} id={section.id}>
            <h2 className="text-lg font-semibold text-slate-900">{section.heading}</h2>
            <p className="mt-2 leading-relaxed text-slate-700">{section.body}</p>
          </section>
        ))}
      </div>
    </main>
  );
}
