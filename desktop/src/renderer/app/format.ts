import { format } from 'date-fns';

/** Spec §2: dates read dd/MM/yyyy and times HH:mm in every language. */
export function formatDate(value: string | Date): string {
  return format(new Date(value), 'dd/MM/yyyy');
}

export function formatTime(value: string | Date): string {
  return format(new Date(value), 'HH:mm');
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Money is always Brazilian reais in pt-BR style, whatever the interface language. */
export function formatMoney(value: number): string {
  return brl.format(value);
}
