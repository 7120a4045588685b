package dev.meijin.server.round;

import dev.meijin.core.game.TimeSource;
import dev.meijin.server.game.GameRepository;
import java.time.Duration;
import java.time.InstantSource;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * What every round shares: the repository, the event bus, the clocks and timer, and the settings.
 *
 * @param repository stored games
 * @param bus where events go
 * @param time the monotonic time the game clocks run on
 * @param wall wall-clock time for stored instants and {@code serverAt}
 * @param timers the scheduler of flag timers (its tasks only post commands)
 * @param grace lag forgiven on every move
 * @param claimAfter how long a player must be gone before the opponent may claim the game
 * @param seekGrace how long the owner of a seek may be disconnected from it (a reload, a lost connection) before it is withdrawn
 * @param seekMaxAge how long a seek may wait for an opponent before it is withdrawn
 * @param seekClosed told the id of a lobby game that was joined or aborted
 * @param engine the computer opponent, or null when the server has none
 * @param timings where the time taken to handle each move is counted
 * @param tosses the randomness of the furigoma tosses and draws by lot made when a second player takes a seat
 */
public record RoundContext(GameRepository repository, EventBus bus, TimeSource time, InstantSource wall, ScheduledExecutorService timers,
        Duration grace, Duration claimAfter, Duration seekGrace, Duration seekMaxAge, Consumer<String> seekClosed,
        EnginePlayer engine, MoveTimings timings, RandomGenerator tosses) {}
