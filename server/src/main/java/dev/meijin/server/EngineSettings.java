package dev.meijin.server;

import java.time.Duration;

/**
 * How the server runs its computer opponent.
 *
 * @param threads how many engine searches may run at once (the pool's size); 0 turns the engine off
 * @param nodes a node limit per move instead of the clock (0 for none): tests and load runs
 * @param maxMoveTime the longest the engine thinks about one move, whatever its clock allows
 */
public record EngineSettings(int threads, long nodes, Duration maxMoveTime) {

    /** Checks the numbers. */
    public EngineSettings {
        if (threads < 0 || nodes < 0 || maxMoveTime.isNegative() || maxMoveTime.isZero()) {
            throw new IllegalArgumentException("engine threads and nodes must not be negative and the move time must be positive");
        }
    }

    /** Half the processors (at least one) search, at most 10 s a move. */
    public static EngineSettings defaults() {
        return new EngineSettings(Math.max(1, Runtime.getRuntime().availableProcessors() / 2), 0, Duration.ofSeconds(10));
    }

    /** No engine: games against the computer are refused. */
    public static EngineSettings off() {
        return new EngineSettings(0, 0, Duration.ofSeconds(10));
    }
}
