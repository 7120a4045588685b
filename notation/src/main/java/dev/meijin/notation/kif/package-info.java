/**
 * KIF records (Kakinoki's format, {@code .kif} in Shift_JIS and {@code .kifu} in UTF-8): {@link
 * dev.meijin.notation.kif.KifReader}, {@link dev.meijin.notation.kif.KifWriter} and {@link
 * dev.meijin.notation.kif.BoardDiagram}. The reader and the writer also handle KI2 ({@link
 * dev.meijin.notation.kif.Dialect}), which {@code dev.meijin.notation.ki2} exposes under its own names.
 *
 * <p>Moves are read and written by {@link dev.meijin.notation.move.JapaneseNotation}; records are
 * {@link dev.meijin.notation.kifu.Kifu}s. Works on text only: bytes are decoded and encoded by {@code
 * dev.meijin.notation.encoding}. Depends on those packages and core; must not depend on the CSA or JKF
 * packages.
 */
package dev.meijin.notation.kif;
