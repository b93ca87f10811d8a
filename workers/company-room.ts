import { type Connection, type ConnectionContext, Server } from "partyserver";

/**
 * One room per company. Browsers connect after the Worker has checked that the caller
 * belongs to the company (see workers/app.ts); the room only fans events out.
 */
export class CompanyRoom extends Server {
  static options = { hibernate: true };

  onConnect(connection: Connection, ctx: ConnectionContext) {
    void ctx;
    connection.send(JSON.stringify({ type: "CONNECTED" }));
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    // Clients only listen; a ping keeps proxies from closing idle sockets.
    if (message === "ping") connection.send("pong");
  }

  async broadcastEvent(message: string): Promise<void> {
    this.broadcast(message);
  }
}
