package dev.meijin.core.game;

import dev.meijin.core.position.IllegalMoveReason;
import java.util.Optional;

/**
 * What happened to a move offered to a {@link Game}: played, or refused with the reason.
 *
 * {@snippet :
 * switch (game.play("7g7f", ply)) {
 *     case MoveResult.Applied a -> broadcast(a.move(), a.outcome());
 *     case MoveResult.Illegal i when i.outcome().isPresent() -> announce(i.outcome().get()); // the move lost
 *     case MoveResult.Illegal i -> reply(i.reason(), i.message());                          // refused, go on
 * }
 * }
 */
public sealed interface MoveResult permits MoveResult.Applied, MoveResult.Illegal {

    /**
     * The move was played.
     *
     * @param move the int move ({@link dev.meijin.core.Move})
     * @param outcome present if the move ended the game
     */
    record Applied(int move, Optional<Outcome> outcome) implements MoveResult {}

    /**
     * The move was not played.
     *
     * <p>Most refusals leave the game as it was: bad syntax ({@link IllegalMoveReason#MALFORMED}), a move for the
     * wrong side ({@link IllegalMoveReason#NOT_YOUR_TURN}) or an old ply ({@link IllegalMoveReason#STALE_PLY}), a
     * finished game ({@link IllegalMoveReason#GAME_OVER}), and under rules where an illegal move does not lose
     * ({@link RuleSet#illegalMoveLoses()} false) any illegal move. Under rules where it does, a well-formed move
     * that breaks a rule of shogi ends the game as a loss for the mover, and {@code outcome} holds that ending.
     *
     * @param reason why, as a constant to branch on
     * @param message the same for people, naming the move and what is wrong (e.g.
     *     {@code illegal move 7g7e in lnsgkgsnl/… b - 1: a pawn on 7g cannot move to 7e})
     * @param outcome present if this illegal move ended the game (a loss for the side that offered it)
     */
    record Illegal(IllegalMoveReason reason, String message, Optional<Outcome> outcome) implements MoveResult {
        public Illegal {
            if (reason == null || message == null || outcome == null) {
                throw new IllegalArgumentException("an illegal-move result needs a reason, a message and an outcome (possibly empty)");
            }
        }
    }
}
