package dev.meijin.server.round;

import dev.meijin.core.Color;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * What a round's mailbox holds. Each command that a viewer sends carries the hash of the seat secret it holds
 * (null for a spectator), which the round maps to its seat when it handles the command: a furigoma toss or a
 * draw by lot at the join may move the creator from the place it waited in, and a connection made before acts for
 * the seat the toss or the draw gave. Commands also say where a personal answer goes (an error, a state).
 */
sealed interface RoundCommand {

    /**
     * A move in the position after {@code ply} moves, with the player's own thinking time when its client
     * reported it (the rest of the time its clock ran is lag).
     */
    record Play(String secretHash, String usi, int ply, Optional<Duration> thinking, Consumer<ServerEvent> reply) implements RoundCommand {}

    /** A player action without arguments. */
    record Act(String secretHash, PlayerAction action, Consumer<ServerEvent> reply) implements RoundCommand {}

    /** Someone takes the free seat of a waiting game. */
    record Join(String name, String secretHash, CompletableFuture<Color> seat) implements RoundCommand {}

    /**
     * A player of a finished game asks for a rematch (or, with {@code withdraw}, withdraws or declines the
     * offer).
     */
    record Rematch(Color seat, boolean withdraw, CompletableFuture<RematchAnswer> answer) implements RoundCommand {}

    /** A viewer connected: it gets the state through {@code reply}; a player's presence changes. */
    record Connect(String secretHash, Consumer<ServerEvent> reply) implements RoundCommand {}

    /** A viewer disconnected. */
    record Disconnect(String secretHash) implements RoundCommand {}

    /** The state for a viewer (HTTP). */
    record Snapshot(String secretHash, CompletableFuture<ServerEvent.State> state) implements RoundCommand {}

    /** The flag timer fired: end the game if the running side is out of time. */
    record Flag() implements RoundCommand {}

    /**
     * A timer about a player who left fired: end an engine game whose person has been gone for the claim delay,
     * or withdraw a seek whose owner has been gone for the seek grace or that has reached its maximum age.
     */
    record Gone() implements RoundCommand {}

    /** The engine answered about the position after {@code ply} moves (ignored if the game has moved on). */
    record EngineAnswered(int ply, EnginePlayer.Answer answer) implements RoundCommand {}

    /** The server is shutting down: end the round's thread once the commands posted before this one are handled. */
    record Stop() implements RoundCommand {}
}
