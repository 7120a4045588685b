package dev.meijin.core.game;

/**
 * How a game ended. Each ending has the Japanese term records use. The board decides {@link #CHECKMATE},
 * {@link #NO_LEGAL_MOVES}, {@link #REPETITION}, {@link #PERPETUAL_CHECK}, {@link #TRY} and {@link #MOVE_LIMIT}
 * by itself; the others come from outside the board through {@link Game}'s methods (resign, time loss,
 * illegal move, declaration, impasse by agreement, forfeit, abort).
 */
public enum Ending {
    /** The side to move is in check and has no legal move (詰み). */
    CHECKMATE("詰み", "checkmate"),
    /** The side to move is not in check but has no legal move; it loses as if mated. */
    NO_LEGAL_MOVES("詰み", "no legal moves"),
    RESIGNATION("投了", "resignation"),
    /**
     * The loser ran out of time (時間切れ), its main time spent without byoyomi or a byoyomi period overrun.
     * Records write the special 切れ負け for it, whatever the time control; as a result it is 時間切れ, since
     * 切れ負け also names the sudden-death time control, which a loss in byoyomi is not.
     */
    TIME_LOSS("時間切れ", "time"),
    /** An illegal move (or a failed impasse declaration) by the loser (反則負け). */
    ILLEGAL_MOVE("反則負け", "illegal move"),
    /** The same position, hands and side to move for the fourth time (千日手): a draw. */
    REPETITION("千日手", "repetition (sennichite)"),
    /** A repetition in which every move of one side gave check: that side loses (連続王手の千日手). */
    PERPETUAL_CHECK("連続王手の千日手", "perpetual check"),
    /** A valid impasse declaration (入玉宣言): a win, or a draw under the 24-point declaration with 24–30 points. */
    DECLARATION("入玉宣言", "impasse declaration"),
    /** An impasse settled by agreement and the 24-point count (持将棋). */
    IMPASSE("持将棋", "impasse (jishōgi)"),
    /** A king reached the enemy king's start square under the try rule (トライ). */
    TRY("トライ", "try"),
    /** The move limit was reached: a draw (最大手数). */
    MOVE_LIMIT("最大手数", "move limit"),
    /**
     * A player left the game and the opponent claimed the win (不戦勝 for the winner, 不戦敗 for the loser):
     * ended from outside the board, by {@link Game#forfeit}.
     */
    FORFEIT("不戦勝", "forfeit"),
    /**
     * The game was called off before each side had made its first move: there is no result, and the record
     * says 中断 ({@link Game#abort}).
     */
    ABORTED("中断", "abort");

    private final String japanese;
    private final String english;

    Ending(String japanese, String english) {
        this.japanese = japanese;
        this.english = english;
    }

    /**
     * The Japanese term, as result lines write it (e.g. {@code 詰み}, {@code 投了}, {@code 時間切れ}). Records
     * write their own specials (KIF's 切れ負け for a time loss), which the notation module names.
     */
    public String japanese() {
        return japanese;
    }

    /**
     * The ending in English words, as it completes "wins by …" or "draw by …": {@code checkmate},
     * {@code resignation}, {@code time}, {@code repetition (sennichite)}, {@code impasse (jishōgi)}, …
     */
    public String english() {
        return english;
    }
}
