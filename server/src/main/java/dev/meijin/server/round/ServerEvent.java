package dev.meijin.server.round;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;
import java.util.Map;

/**
 * Everything the server sends to clients, one record per message type; the JSON type field {@code t} is the
 * name given with {@link JsonTypeName}. docs/PROTOCOL.md describes each.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "t")
@JsonSubTypes({@JsonSubTypes.Type(ServerEvent.State.class), @JsonSubTypes.Type(ServerEvent.MoveMade.class),
        @JsonSubTypes.Type(ServerEvent.End.class), @JsonSubTypes.Type(ServerEvent.Started.class),
        @JsonSubTypes.Type(ServerEvent.TakebackOffered.class), @JsonSubTypes.Type(ServerEvent.TakebackDeclined.class),
        @JsonSubTypes.Type(ServerEvent.RematchOffered.class), @JsonSubTypes.Type(ServerEvent.RematchDeclined.class),
        @JsonSubTypes.Type(ServerEvent.Rematch.class), @JsonSubTypes.Type(ServerEvent.ImpasseOffered.class),
        @JsonSubTypes.Type(ServerEvent.ImpasseDeclined.class),
        @JsonSubTypes.Type(ServerEvent.Presence.class), @JsonSubTypes.Type(ServerEvent.Error.class), @JsonSubTypes.Type(ServerEvent.Pong.class),
        @JsonSubTypes.Type(ServerEvent.Lobby.class), @JsonSubTypes.Type(ServerEvent.SeekAdded.class),
        @JsonSubTypes.Type(ServerEvent.SeekRemoved.class)})
public sealed interface ServerEvent {

    /** The whole game as one viewer sees it; {@code you} is that viewer's seat or null. */
    @JsonTypeName("state")
    record State(String id, String status, String you, Players players, HandicapView handicap, RulesView rules, TimeControlView timeControl,
            FurigomaView furigoma, LotView lot, String initialSfen, String sfen, int ply, String turn, List<MoveView> moves, LastMove lastMove, String check,
            Map<String, Map<String, String>> dests, Map<String, List<String>> dropDests, ClockView clock, ImpasseView impasse, boolean abortable,
            String takebackOffer, String impasseOffer, OutcomeView outcome, KingCharacters kings, String rematchOffer, String rematch)
            implements ServerEvent {
        /** The same state for another viewer. */
        public State forViewer(String seat) {
            return new State(id, status, seat, players, handicap, rules, timeControl, furigoma, lot, initialSfen, sfen, ply, turn, moves, lastMove,
                    check, dests, dropDests, clock, impasse, abortable, takebackOffer, impasseOffer, outcome, kings, rematchOffer, rematch);
        }
    }

    /** A move was committed. */
    @JsonTypeName("move")
    record MoveMade(int ply, MoveView move, String sfen, String turn, LastMove lastMove, String check, Map<String, Map<String, String>> dests,
            Map<String, List<String>> dropDests, ClockView clock, ImpasseView impasse, boolean abortable) implements ServerEvent {}

    /** The game ended. */
    @JsonTypeName("end")
    record End(OutcomeView outcome, ClockView clock, String status) implements ServerEvent {}

    /** A waiting game was joined; a fresh state follows. */
    @JsonTypeName("started")
    record Started(String id) implements ServerEvent {}

    /** A takeback was offered. */
    @JsonTypeName("takebackOffered")
    record TakebackOffered(String by) implements ServerEvent {}

    /** A takeback offer was declined or withdrawn. */
    @JsonTypeName("takebackDeclined")
    record TakebackDeclined(String by) implements ServerEvent {}

    /** A player proposed an impasse by agreement (持将棋, professional rules). */
    @JsonTypeName("impasseOffered")
    record ImpasseOffered(String by) implements ServerEvent {}

    /** An impasse proposal was declined or withdrawn. */
    @JsonTypeName("impasseDeclined")
    record ImpasseDeclined(String by) implements ServerEvent {}

    /** A player of the finished game offered a rematch. */
    @JsonTypeName("rematchOffered")
    record RematchOffered(String by) implements ServerEvent {}

    /** A rematch offer was withdrawn or declined. */
    @JsonTypeName("rematchDeclined")
    record RematchDeclined(String by) implements ServerEvent {}

    /** The rematch was created: its game id (each player asks for its seat in it with its secret). */
    @JsonTypeName("rematch")
    record Rematch(String gameId) implements ServerEvent {}

    /** Who is connected; {@code goneSinceAt} holds, per colour, since when that player has been away (epoch ms) or null. */
    @JsonTypeName("presence")
    record Presence(boolean sente, boolean gote, long claimAfterMs, Map<String, Long> goneSinceAt) implements ServerEvent {}

    /**
     * A refused message or request; {@code reason} is the rule an illegal move breaks with {@code illegal_move}
     * (the name of the core's {@link dev.meijin.core.position.IllegalMoveReason}, e.g. {@code NIFU}), else null.
     */
    @JsonTypeName("error")
    record Error(String code, String message, String reason) implements ServerEvent {
        /** An error from a code. */
        public static Error of(ErrorCode code, String message) {
            return new Error(code.wire(), message, null);
        }

        /** The error a refusal is sent as. */
        public static Error of(RefusedException e) {
            return new Error(e.code().wire(), e.getMessage(), e.reason().map(Enum::name).orElse(null));
        }
    }

    /** The answer to a ping. */
    @JsonTypeName("pong")
    record Pong(long n) implements ServerEvent {}

    /** All seeks of the lobby. */
    @JsonTypeName("lobby")
    record Lobby(List<GameSummary> seeks) implements ServerEvent {}

    /** A seek was posted. */
    @JsonTypeName("seekAdded")
    record SeekAdded(GameSummary seek) implements ServerEvent {}

    /** A seek was taken or withdrawn. */
    @JsonTypeName("seekRemoved")
    record SeekRemoved(String id) implements ServerEvent {}
}
