package dev.meijin.notation.kifu;

import dev.meijin.core.Color;
import java.util.Optional;

/**
 * A special move that ends (or interrupts) a line of play in a record, with its KIF (Japanese) and CSA
 * spellings. Who wins is relative to the side to move at that point, as the formats define it.
 */
public enum Special {
    /** 中断: the game was suspended. */
    CHUDAN("中断", "%CHUDAN", Effect.NONE),
    /** 投了: the side to move resigned. */
    TORYO("投了", "%TORYO", Effect.MOVER_LOSES),
    /** 持将棋: impasse, a draw. */
    JISHOGI("持将棋", "%JISHOGI", Effect.DRAW),
    /** 千日手: repetition, a draw. */
    SENNICHITE("千日手", "%SENNICHITE", Effect.DRAW),
    /** 詰み: the side to move is checkmated. */
    TSUMI("詰み", "%TSUMI", Effect.MOVER_LOSES),
    /** 不詰: a mate problem with no mate. */
    FUZUMI("不詰", "%FUZUMI", Effect.NONE),
    /** 切れ負け: the side to move lost on time. */
    TIME_UP("切れ負け", "%TIME_UP", Effect.MOVER_LOSES),
    /** 反則負け (CSA %ILLEGAL_MOVE): the side to move made an illegal move and loses. */
    ILLEGAL_MOVE("反則負け", "%ILLEGAL_MOVE", Effect.MOVER_LOSES),
    /** 反則勝ち: the previous mover acted illegally; the side to move wins. */
    ILLEGAL_WIN("反則勝ち", "", Effect.MOVER_WINS),
    /** CSA %+ILLEGAL_ACTION: sente acted illegally and loses. */
    SENTE_ILLEGAL_ACTION("反則負け", "%+ILLEGAL_ACTION", Effect.SENTE_LOSES),
    /** CSA %-ILLEGAL_ACTION: gote acted illegally and loses. */
    GOTE_ILLEGAL_ACTION("反則負け", "%-ILLEGAL_ACTION", Effect.GOTE_LOSES),
    /** 入玉勝ち (CSA %KACHI): the side to move declared an impasse win. */
    KACHI("入玉勝ち", "%KACHI", Effect.MOVER_WINS),
    /** 引き分け (CSA %HIKIWAKE): a draw. */
    HIKIWAKE("引き分け", "%HIKIWAKE", Effect.DRAW),
    /** The move limit was reached: a draw. */
    MAX_MOVES("最大手数", "%MAX_MOVES", Effect.DRAW),
    /** 不戦勝: the side to move wins by default. */
    FUSEN_WIN("不戦勝", "", Effect.MOVER_WINS),
    /** 不戦敗: the side to move loses by default. */
    FUSEN_LOSS("不戦敗", "", Effect.MOVER_LOSES),
    /** 封じ手: the sealed move of an adjourned game. */
    FUUJITE("封じ手", "", Effect.NONE),
    /** 待った (CSA %MATTA): a takeback. */
    MATTA("待った", "%MATTA", Effect.NONE),
    /** CSA %ERROR: the game ended by an error. */
    ERROR("エラー", "%ERROR", Effect.NONE);

    /** What a special says about the result. */
    public enum Effect {
        NONE,
        DRAW,
        MOVER_WINS,
        MOVER_LOSES,
        SENTE_LOSES,
        GOTE_LOSES
    }

    private final String japanese;
    private final String csa;
    private final Effect effect;

    Special(String japanese, String csa, Effect effect) {
        this.japanese = japanese;
        this.csa = csa;
        this.effect = effect;
    }

    /** The KIF/KI2 spelling (e.g. {@code 投了}). */
    public String japanese() {
        return japanese;
    }

    /**
     * The KIF/KI2 word for this special recorded with {@code toMove} to move. KIF's words speak of the side to
     * move, so the two CSA illegal-action specials, which name a side, become 反則負け when that side is to
     * move and 反則勝ち otherwise; every other special is {@link #japanese()}.
     *
     * @param toMove the side to move when the special is recorded
     * @return the word, such as {@code 投了} or {@code 反則勝ち}
     */
    public String japanese(Color toMove) {
        return switch (this) {
            case SENTE_ILLEGAL_ACTION -> toMove == Color.SENTE ? "反則負け" : "反則勝ち";
            case GOTE_ILLEGAL_ACTION -> toMove == Color.GOTE ? "反則負け" : "反則勝ち";
            default -> japanese;
        };
    }

    /** The CSA spelling (e.g. {@code %TORYO}), or empty if CSA has none. */
    public Optional<String> csa() {
        return csa.isEmpty() ? Optional.empty() : Optional.of(csa);
    }

    /**
     * The CSA spelling when recorded with {@code toMove} to move: {@link #ILLEGAL_WIN}, the side to move winning by the
     * other side's illegal action, is that side's {@code %+ILLEGAL_ACTION} or {@code %-ILLEGAL_ACTION}; every other
     * special is spelt as {@link #csa()} spells it.
     */
    public Optional<String> csa(Color toMove) {
        return this == ILLEGAL_WIN ? Optional.of(toMove == Color.SENTE ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION") : csa();
    }

    public Effect effect() {
        return effect;
    }

    /** The winner when this special is recorded with {@code toMove} to move; empty for draws and interruptions. */
    public Optional<Color> winner(Color toMove) {
        return switch (effect) {
            case MOVER_WINS -> Optional.of(toMove);
            case MOVER_LOSES -> Optional.of(toMove.opposite());
            case SENTE_LOSES -> Optional.of(Color.GOTE);
            case GOTE_LOSES -> Optional.of(Color.SENTE);
            case NONE, DRAW -> Optional.empty();
        };
    }

    /**
     * The ending a reader keeps when a line stops at an illegal move and the record states this special right
     * after it. The illegal move is not played, so the ending is kept in its place, where the side that made
     * it ({@code offender}) is to move; the formats record this special with the other side to move. It is
     * kept only if it says that the offender lost by an illegal act (反則勝ち of the other side,
     * {@code %+ILLEGAL_ACTION} of a sente offender, …): as {@link #ILLEGAL_MOVE}, the side to move's 反則負け
     * (CSA {@code %ILLEGAL_MOVE}), when its words speak of the side to move, else unchanged. Any other special
     * (a resignation, a draw, a foul charged to the other side) is not the illegal move's ending: empty.
     *
     * {@snippet :
     * Special.ILLEGAL_WIN.afterIllegalMove(Color.SENTE);           // ILLEGAL_MOVE: sente loses, as recorded
     * Special.GOTE_ILLEGAL_ACTION.afterIllegalMove(Color.GOTE);    // GOTE_ILLEGAL_ACTION, unchanged
     * Special.TORYO.afterIllegalMove(Color.SENTE);                 // empty
     * }
     *
     * @param offender the side whose move was illegal
     * @return the special to keep in the illegal move's place, if this special is the illegal move's ending
     */
    public Optional<Special> afterIllegalMove(Color offender) {
        boolean foul = this == ILLEGAL_MOVE || this == ILLEGAL_WIN || this == SENTE_ILLEGAL_ACTION
                || this == GOTE_ILLEGAL_ACTION;
        if (!foul || !winner(offender.opposite()).equals(Optional.of(offender.opposite()))) {
            return Optional.empty();
        }
        return Optional.of(effect == Effect.MOVER_WINS || effect == Effect.MOVER_LOSES ? ILLEGAL_MOVE : this);
    }

    /** The special with this CSA spelling ({@code %TORYO}), if any. */
    public static Optional<Special> ofCsa(String text) {
        for (Special s : values()) {
            if (s.csa.equals(text)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /**
     * The special with this Japanese spelling, if any; accepts common variants ({@code 切れ負け}/{@code 時間切れ},
     * {@code 入玉勝ち}/{@code 宣言勝ち}, {@code 反則負け} as {@link #ILLEGAL_MOVE}).
     */
    public static Optional<Special> ofJapanese(String text) {
        String t = text.strip();
        return switch (t) {
            case "中断" -> Optional.of(CHUDAN);
            case "投了" -> Optional.of(TORYO);
            case "持将棋" -> Optional.of(JISHOGI);
            case "千日手" -> Optional.of(SENNICHITE);
            case "詰み", "詰" -> Optional.of(TSUMI);
            case "不詰", "不詰み" -> Optional.of(FUZUMI);
            case "切れ負け", "時間切れ" -> Optional.of(TIME_UP);
            case "反則負け" -> Optional.of(ILLEGAL_MOVE);
            case "反則勝ち" -> Optional.of(ILLEGAL_WIN);
            case "入玉勝ち", "宣言勝ち" -> Optional.of(KACHI);
            case "引き分け", "引分け", "引分" -> Optional.of(HIKIWAKE);
            case "最大手数" -> Optional.of(MAX_MOVES);
            case "不戦勝" -> Optional.of(FUSEN_WIN);
            case "不戦敗" -> Optional.of(FUSEN_LOSS);
            case "封じ手" -> Optional.of(FUUJITE);
            case "待った" -> Optional.of(MATTA);
            default -> Optional.empty();
        };
    }
}
