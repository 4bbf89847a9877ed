// Brazilian Portuguese writes exactly these patterns; the browser's Intl does it without a library
// on the sign-in page's path.
const day = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Spec §2: dates read dd/MM/yyyy and times HH:mm in every language. */
export function formatDate(value: string | Date): string {
  return day.format(new Date(value));
}

export function formatTime(value: string | Date): string {
  return time.format(new Date(value));
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Money is always Brazilian reais in pt-BR style, whatever the interface language. */
export function formatMoney(value: number): string {
  return brl.format(value);
}
