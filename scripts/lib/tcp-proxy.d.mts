export interface TcpProxy {
  port: number;
  /** The proxy as a redis:// URL. */
  url: string;
  /** Resets every connection and refuses new ones. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy>;
