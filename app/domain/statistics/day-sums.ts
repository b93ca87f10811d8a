/**
 * One day's sums over people: a team's row as the rollup writes it (stat_team_days) and,
 * when the statistics read, all chosen teams of that day added up.
 */
export interface DaySums {
  people: number;
  reported: number;
  levelSum: number;
  away: number;
  home: number;
  office: number;
  located: number;
  /** How many people were at home 0..5+ days of their week (index 5: five or more). */
  weekHomeHist: number[];
  weekOfficeHist: number[];
}

export function emptyDaySums(): DaySums {
  return {
    people: 0,
    reported: 0,
    levelSum: 0,
    away: 0,
    home: 0,
    office: 0,
    located: 0,
    weekHomeHist: [0, 0, 0, 0, 0, 0],
    weekOfficeHist: [0, 0, 0, 0, 0, 0],
  };
}
