/**
 * Games as a whole rather than single positions: the start positions of even and handicap games
 * ({@link dev.meijin.core.game.Handicap}), the five-pawn toss that decides who moves first
 * ({@link dev.meijin.core.game.Furigoma}), and the rules, endings and clocks of a game.
 *
 * <p>Like the rest of {@code dev.meijin.core} this package does no I/O and reads no clock: time and randomness
 * are passed in. It may depend on the other core packages, never on notation, engine or server code.
 * {@link dev.meijin.core.game.Clock} charges thinking time under a {@link dev.meijin.core.game.TimeControl}
 * at instants the caller reads from a {@link dev.meijin.core.game.TimeSource} of its choice.
 */
package dev.meijin.core.game;
