/**
 * Move notations: one disambiguation engine for every way of writing a single move.
 *
 * <ul>
 *   <li>{@link dev.meijin.notation.move.JapaneseNotation}: KIF ({@code ７六歩(77)}, {@code 同　歩(76)},
 *       {@code ５五角打}) and KI2 ({@code ▲７六歩}, {@code △同　歩}, {@code ▲５八金左}, the relative markers
 *       右 左 直 上 引 寄 of the Japan Shogi Association's rules);
 *   <li>{@link dev.meijin.notation.move.WesternNotation}: Hosking ({@code P-76}, {@code N65-53+}) and Hodges
 *       ({@code P-7f}, {@code N6e-5c+});
 *   <li>{@link dev.meijin.notation.move.KitaoKawasakiNotation}: {@code 歩-76}, {@code 角x22+}, {@code 銀(48)-57};
 *   <li>{@link dev.meijin.notation.move.CsaNotation}: {@code +7776FU}, {@code +0055FU};
 *   <li>{@link dev.meijin.notation.move.UsiNotation}: {@code 7g7f}, delegating to {@code core.usi};
 *   <li>{@link dev.meijin.notation.move.MoveStyle}: all of them by name, for records and the command line.
 * </ul>
 *
 * <p>Every method works on an {@code int} move ({@link dev.meijin.core.Move}) and the position <em>before</em>
 * the move. Which markers a move needs is decided against the position's legal moves, generated once per call
 * (non-promotions included), so a pinned piece never counts as a rival. Parsing is strict about meaning and
 * lenient about spelling; a failure is a {@link dev.meijin.notation.move.MoveNotationException} whose reason
 * separates malformed text, an illegal move and an ambiguous one.
 *
 * <p>Depends on {@code core} only. It must not depend on the game-record packages
 * ({@code dev.meijin.notation.kifu}, {@code .kif}, {@code .ki2}, {@code .csa}, {@code .jkf}); they depend on it.
 */
package dev.meijin.notation.move;
