package dev.meijin.server.game;

import dev.meijin.core.game.Ending;

/**
 * Why a game ended: every ending of the rules core plus the two the server decides by itself, an abort and
 * a win claimed over a player who left.
 */
public enum EndReason {
    CHECKMATE("詰み"),
    NO_LEGAL_MOVES("詰み"),
    RESIGNATION("投了"),
    TIME_LOSS("切れ負け"),
    ILLEGAL_MOVE("反則負け"),
    REPETITION("千日手"),
    PERPETUAL_CHECK("連続王手の千日手"),
    DECLARATION("入玉宣言"),
    IMPASSE("持将棋"),
    TRY("トライ"),
    MOVE_LIMIT("最大手数"),
    /** Cancelled before both sides had made their first move (or a seek withdrawn): no result. */
    ABORTED("中断"),
    /** The opponent was disconnected longer than the claim delay and the remaining player claimed the win. */
    ABANDONED("不戦勝");

    private final String japanese;

    EndReason(String japanese) {
        this.japanese = japanese;
    }

    /** The Japanese term. */
    public String japanese() {
        return japanese;
    }

    /** The reason for an ending the rules core decided. */
    public static EndReason of(Ending ending) {
        return switch (ending) {
            case CHECKMATE -> CHECKMATE;
            case NO_LEGAL_MOVES -> NO_LEGAL_MOVES;
            case RESIGNATION -> RESIGNATION;
            case TIME_LOSS -> TIME_LOSS;
            case ILLEGAL_MOVE -> ILLEGAL_MOVE;
            case REPETITION -> REPETITION;
            case PERPETUAL_CHECK -> PERPETUAL_CHECK;
            case DECLARATION -> DECLARATION;
            case IMPASSE -> IMPASSE;
            case TRY -> TRY;
            case MOVE_LIMIT -> MOVE_LIMIT;
        };
    }
}
