/**
 * Record formats as a whole: {@link dev.meijin.notation.Format} (KIF, KI2, CSA, JKF, USI, SFEN), {@link
 * dev.meijin.notation.Formats} (detection from content, and dispatch to each format's {@link
 * dev.meijin.notation.KifuFormat}), and {@link dev.meijin.notation.WriteOptions}.
 *
 * <p>The sub-packages hold the pieces: {@code move} (single-move notations), {@code kifu} (the record model),
 * {@code encoding} (bytes to text and back), and one package per format ({@code kif}, {@code ki2}, {@code csa},
 * {@code jkf}, {@code sfen}). This package depends on them; none of them depends on it except to read
 * {@link dev.meijin.notation.WriteOptions}.
 */
package dev.meijin.notation;
