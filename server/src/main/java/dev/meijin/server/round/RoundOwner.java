package dev.meijin.server.round;

import dev.meijin.server.game.StoredGame;
import java.time.Duration;
import java.util.Optional;

/**
 * Owns the live rounds: finds the round of a game (loading it from storage when needed) and starts new
 * ones. In one process {@link LocalRounds} owns every game; across nodes an implementation would own the
 * games assigned to its node (a lease row in PostgreSQL) and forward commands for the others.
 */
public interface RoundOwner {

    /** The round of a game, loaded if needed; empty if there is no such game. */
    Optional<Round> round(String id);

    /** Stores a new game and starts its round. */
    Round create(StoredGame game);

    /** How many rounds are in memory. */
    int liveCount();

    /** Loads every game still waiting or being played (after a restart), so their flag timers run. */
    int resumeAll();

    /**
     * Stops every live round for a server shutdown: the commands already posted are handled (a move being
     * played is committed and acknowledged), later ones are dropped, and the games stay stored to resume on the
     * next start. Called before the database is closed.
     *
     * @param wait how long to wait at most for the rounds to finish their commands
     */
    void close(Duration wait);
}
