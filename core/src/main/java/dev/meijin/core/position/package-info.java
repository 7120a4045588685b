/**
 * The mutable {@link dev.meijin.core.position.Position} (state, do/undo and the public face) and its
 * package-private parts: {@code MoveGenerator} (legal generation by {@link dev.meijin.core.position.GenType}),
 * {@code AttackQueries} (slider kernels, attackers, checkers, gives-check), {@code Pins}, {@code SetupValidator}
 * and {@code IllegalMoves} (why a move is illegal). The rules that restrict moves are each one method of
 * {@link dev.meijin.core.position.Rules}. Also Zobrist keys and the unchecked {@link
 * dev.meijin.core.position.Setup}. Depends on {@code core} and {@code core.bits}, and on {@code core.sfen} only
 * to print positions in messages; no I/O, clocks or threads.
 */
package dev.meijin.core.position;
