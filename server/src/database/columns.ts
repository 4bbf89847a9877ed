import { Column, CreateDateColumn, UpdateDateColumn, type ValueTransformer } from 'typeorm';

/**
 * Column helpers that give the same behaviour on MySQL/MariaDB and the embedded SQLite:
 * millisecond timestamps (message history orders by them) and decimals read back as numbers.
 */
export const CreatedAt = () => CreateDateColumn({ type: 'datetime', precision: 3 });
export const UpdatedAt = () => UpdateDateColumn({ type: 'datetime', precision: 3 });
export const DateTime = (options: { nullable?: boolean } = {}) =>
  Column({ type: 'datetime', precision: 3, nullable: options.nullable ?? false });

const decimalToNumber: ValueTransformer = {
  to: (value: number | null) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
export const Money = () =>
  Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: decimalToNumber });
