/**
 * CSA records (the Computer Shogi Association's standard record format, versions 1 to 3.0):
 * {@link dev.meijin.notation.csa.CsaReader} reads them leniently into a {@link dev.meijin.notation.kifu.Kifu},
 * {@link dev.meijin.notation.csa.CsaWriter} writes V2.2 or V3.0.
 *
 * <p>Works on decoded text; charsets are handled by {@code dev.meijin.notation.encoding}. Depends on
 * {@code core}, {@code dev.meijin.notation.kifu}, {@code dev.meijin.notation.move} and (for what Shift_JIS output
 * can hold) {@code dev.meijin.notation.encoding}; must not depend on the
 * other record formats ({@code .kif}, {@code .ki2}, {@code .jkf}, {@code .sfen}).
 */
package dev.meijin.notation.csa;
