package dev.meijin.notation.move;

import dev.meijin.core.position.Position;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The move notations by name, so that records and the command line can choose one: {@code japanese} (KIF
 * style), {@code ki2}, {@code hosking}, {@code hodges}, {@code kawasaki}, {@code csa} and {@code usi}.
 *
 * <p>Reading with {@link #JAPANESE_KIF} or {@link #KI2} accepts either Japanese style, and {@link #HOSKING} or
 * {@link #HODGES} either Western one.
 *
 * {@snippet :
 * MoveStyle style = MoveStyle.byName("hodges");
 * int m = style.parse(pos, "P-7f");
 * String text = MoveStyle.KI2.format(pos, m); // "▲７六歩"
 * }
 */
public enum MoveStyle {
    /** Japanese, KIF style: {@code ７六歩(77)}. */
    JAPANESE_KIF("japanese"),
    /** Japanese, KI2 style with the side mark: {@code ▲７六歩}. */
    KI2("ki2"),
    /** Western, Hosking: {@code P-76}. */
    HOSKING("hosking"),
    /** Western, Hodges: {@code P-7f}. */
    HODGES("hodges"),
    /** Kitao–Kawasaki: {@code 歩-76}. */
    KAWASAKI("kawasaki"),
    /** CSA: {@code +7776FU}. */
    CSA("csa"),
    /** USI: {@code 7g7f}. */
    USI("usi");

    private final String cliName;

    MoveStyle(String cliName) {
        this.cliName = cliName;
    }

    /** The name used on the command line and in settings, for example {@code ki2}. */
    public String cliName() {
        return cliName;
    }

    /**
     * The style with the given name (case-insensitive): {@code japanese}, {@code ki2}, {@code hosking},
     * {@code hodges}, {@code kawasaki}, {@code csa} or {@code usi}; the constant names are accepted too.
     *
     * @throws IllegalArgumentException naming the text and the known names if there is no such style
     */
    public static MoveStyle byName(String name) {
        for (MoveStyle s : values()) {
            if (s.cliName.equalsIgnoreCase(name) || s.name().equalsIgnoreCase(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no move notation \"" + name + "\"; known: "
                + Arrays.stream(values()).map(MoveStyle::cliName).collect(Collectors.joining(", ")));
    }

    /**
     * Writes a move in this notation.
     *
     * @param before the position before the move
     * @param move a legal move of that position
     * @return the move text
     * @throws MoveNotationException ILLEGAL if the move is not legal in the position
     */
    public String format(Position before, int move) {
        Legal legal = new Legal(before);
        legal.requireLegal(move);
        return format(legal, move);
    }

    /**
     * Reads a move in this notation.
     *
     * @param before the position before the move
     * @param text the move text
     * @return the legal int move
     * @throws MoveNotationException MALFORMED, ILLEGAL or AMBIGUOUS, with the input and the position's SFEN
     */
    public int parse(Position before, String text) {
        return parse(new Legal(before), text);
    }

    /** Reads a move with legal moves already generated. */
    int parse(Legal legal, String text) {
        return switch (this) {
            case JAPANESE_KIF, KI2 -> JapaneseNotation.parse(legal, text);
            case HOSKING, HODGES -> WesternNotation.parse(legal, text);
            case KAWASAKI -> KitaoKawasakiNotation.parse(legal, text);
            case CSA -> CsaNotation.parse(legal, text);
            case USI -> UsiNotation.parse(legal.pos, text);
        };
    }

    /** Writes a legal move with legal moves already generated (for callers that write many moves of one position). */
    String format(Legal legal, int move) {
        return switch (this) {
            case JAPANESE_KIF -> JapaneseNotation.kif(legal, move);
            case KI2 -> JapaneseNotation.ki2(legal, move, true);
            case HOSKING -> WesternNotation.write(legal, move, false);
            case HODGES -> WesternNotation.write(legal, move, true);
            case KAWASAKI -> KitaoKawasakiNotation.write(legal, move);
            case CSA -> CsaNotation.write(move);
            case USI -> UsiNotation.write(move);
        };
    }
}
