package dev.meijin.core.game;

import java.util.Optional;

/** What happened to a move offered to a {@link Game}. */
public sealed interface MoveResult permits MoveResult.Applied, MoveResult.Illegal, MoveResult.Finished {

    /** The move was played; {@code outcome} is present if it ended the game. */
    record Applied(int move, Optional<Outcome> outcome) implements MoveResult {}

    /**
     * The move was malformed or illegal and was refused; the game goes on. Where the rules make an illegal
     * move lose, the caller (an arbiter, a record reader) ends the game with {@link Game#illegalMove}.
     */
    record Illegal(String reason) implements MoveResult {}

    /** The game was already over. */
    record Finished(Outcome outcome) implements MoveResult {}
}
