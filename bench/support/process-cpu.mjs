// CPU time of a process from /proc (Linux): a figure other jobs on the machine do not skew the way
// they skew latency. MariaDB's is the whole server process, so it also holds whatever other clients
// of that MariaDB did meanwhile (an upper bound).
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** The user + system CPU time the process has used, in ms; null when it is gone (or no /proc). */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields are counted from after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

let mariadb;
/** The pid of the local MariaDB (or MySQL) server, or null when none runs on this machine. */
export function mariadbPid() {
  if (mariadb !== undefined) return mariadb;
  mariadb = null;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (/^(mariadbd|mysqld)$/.test(readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) mariadb = Number(entry);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return mariadb;
}
