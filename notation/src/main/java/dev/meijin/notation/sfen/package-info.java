/**
 * SFEN and USI as record formats: a start position and a main line of USI moves
 * ({@code position startpos moves 7g7f …}, {@code sfen <sfen> moves …}).
 * {@link dev.meijin.notation.sfen.SfenReader} reads them into a {@link dev.meijin.notation.kifu.Kifu} with no
 * headers; {@link dev.meijin.notation.sfen.SfenWriter} writes one and reports what it leaves out.
 *
 * <p>SFEN and USI move text themselves live in {@code core} ({@code dev.meijin.core.sfen},
 * {@code dev.meijin.core.usi}). Depends on {@code core} and {@code dev.meijin.notation.kifu}; must not depend on
 * the other record formats.
 */
package dev.meijin.notation.sfen;
