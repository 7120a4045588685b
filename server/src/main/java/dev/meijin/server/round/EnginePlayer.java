package dev.meijin.server.round;

import dev.meijin.core.Color;
import dev.meijin.core.game.RuleSet;
import dev.meijin.engine.Levels;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where a round asks the computer opponent for a move. The answer comes later on another thread; the round
 * posts it to its own mailbox, so thinking never blocks a round. {@code dev.meijin.server.engine.EnginePool}
 * runs the engine in-process on a bounded pool; across nodes the same interface could front a separate farm
 * of engine workers.
 */
public interface EnginePlayer {

    /**
     * Starts thinking about a position.
     *
     * @param request the position, the level and the clocks
     * @param answer receives the answer once, on a thread of the implementation (not called after cancel)
     * @return a handle to give up on the answer
     */
    Thinking think(Request request, Consumer<Answer> answer);

    /** A search in progress or waiting for a free worker. */
    interface Thinking {
        /** Gives up: the search stops (or never starts) and no answer is delivered. */
        void cancel();
    }

    /**
     * What to think about.
     *
     * @param gameId the game (for logs)
     * @param startSfen the game's start position
     * @param moves the moves played since, in USI
     * @param side the engine's side (the side to move)
     * @param level the level, 1 (beginner) to 8 (full strength)
     * @param rules the game's rule set (impasse rule, move limit)
     * @param clock the engine's clock and the opponent's as they stand when asked; null without a clock
     * @param askedAtNanos when it was asked, on the game clock's time source (a wait for a worker is charged)
     */
    record Request(String gameId, String startSfen, List<String> moves, Color side, int level, RuleSet rules, Clocks clock,
            long askedAtNanos) {
        /** Copies the moves. */
        public Request {
            moves = List.copyOf(moves);
        }
    }

    /**
     * The clocks when asked, in milliseconds.
     *
     * @param senteMainMs sente's main time left
     * @param goteMainMs gote's main time left
     * @param byoyomiMs the byoyomi the side to move has left in its current period (0 without byoyomi)
     * @param incrementMs the increment per move
     */
    record Clocks(long senteMainMs, long goteMainMs, long byoyomiMs, long incrementMs) {}

    /** What the engine decided. */
    sealed interface Answer {
        /**
         * Play a move.
         *
         * @param usi the move in USI
         */
        record Play(String usi) implements Answer {}

        /** Resign (no legal move, or a hopeless position). */
        record Resign() implements Answer {}

        /** Declare an impasse win under the game's rule. */
        record Declare() implements Answer {}

        /**
         * The engine could not answer.
         *
         * @param reason what went wrong
         */
        record Failed(String reason) implements Answer {}
    }

    /**
     * The engine's name at a level, as stored for its seat and written in records: "Meijin level 3", the same in
     * every language (the browser shows it translated: 名人 レベル3).
     */
    static String displayName(int level) {
        return Levels.name(level);
    }

    /** The side a request is for, for logs. */
    static String describe(Request r) {
        return r.gameId() + " ply " + r.moves().size() + " (" + (r.side() == Color.SENTE ? "sente" : "gote") + ", level " + r.level() + ")";
    }
}
