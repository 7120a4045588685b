package dev.meijin.notation.move;

import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMove;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * Western move notation, in Hosking's numeric form ({@code P-76}) and Hodges's form with rank letters
 * ({@code P-7f}).
 *
 * <p>A move is the piece letter ({@code P L N S G B R K}, promoted pieces {@code +P +L +N +S +B +R}), the
 * origin when it is needed, {@code -} for a move, {@code x} for a capture or {@code *} for a drop, the
 * destination, and a promotion suffix: {@code +} when the piece promotes, {@code =} when it could promote but
 * does not, nothing otherwise. Examples: Hosking {@code P-76}, {@code Rx24}, {@code +Rx24}, {@code S-21+},
 * {@code S-21=}, {@code N65-53+}, {@code P*55}; Hodges {@code P-7f}, {@code Bx2b+}, {@code N6e-5c+},
 * {@code P*5e}. A drop always has {@code *}.
 *
 * <p>The origin is written only when another legal move of the same kind of piece to the same square has
 * the same promotion suffix: a silver that can only decline promotion ({@code S-24=}) is told apart from one
 * that cannot promote at all ({@code S-24}) by the suffix alone.
 *
 * <p>{@link #parse} reads both forms (squares as {@code 76} or {@code 7f}), also accepts {@code T} for a
 * tokin, {@code H} for a horse and {@code D} for a dragon, and does not check the capture sign: {@code P-24}
 * and {@code Px24} read alike. A missing suffix is read as not promoting; where two moves then match, the one
 * whose own suffix is also empty wins.
 *
 * {@snippet :
 * int m = WesternNotation.parse(pos, "P-76");   // or "P-7f"
 * WesternNotation.formatHosking(pos, m);         // "P-76"
 * WesternNotation.formatHodges(pos, m);          // "P-7f"
 * }
 */
public final class WesternNotation {
    private static final String[] LETTERS = {"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"};

    private WesternNotation() {}

    /**
     * Writes a move in Hosking's notation: {@code P-76}, {@code +Rx24}, {@code N65-53+}, {@code P*55}.
     *
     * @param before the position before the move
     * @param move a legal move of that position
     * @return the move text
     * @throws MoveNotationException ILLEGAL if the move is not legal in the position
     */
    public static String formatHosking(Position before, int move) {
        Legal legal = new Legal(before);
        legal.requireLegal(move);
        return write(legal, move, false);
    }

    /**
     * Writes a move in Hodges's notation: {@code P-7f}, {@code Bx2b+}, {@code N6e-5c+}, {@code P*5e}.
     *
     * @param before the position before the move
     * @param move a legal move of that position
     * @return the move text
     * @throws MoveNotationException ILLEGAL if the move is not legal in the position
     */
    public static String formatHodges(Position before, int move) {
        Legal legal = new Legal(before);
        legal.requireLegal(move);
        return write(legal, move, true);
    }

    /**
     * Reads a move in Hosking's or Hodges's notation.
     *
     * {@snippet :
     * int m = WesternNotation.parse(pos, "S-21=");
     * }
     *
     * @param before the position before the move
     * @param text the move text, for example {@code P-76}, {@code N6e-5c+} or {@code P*55}
     * @return the legal int move
     * @throws MoveNotationException MALFORMED for text that is not Western notation; ILLEGAL if no legal move
     *     matches; AMBIGUOUS if several match (the origin is missing)
     */
    public static int parse(Position before, String text) {
        return parse(new Legal(before), text);
    }

    static String write(Legal legal, int m, boolean hodges) {
        StringBuilder sb = new StringBuilder(8);
        int to = Move.to(m);
        if (Move.isDrop(m)) {
            return sb.append(LETTERS[Move.dropRole(m)]).append('*').append(square(to, hodges)).toString();
        }
        sb.append(LETTERS[Piece.role(Move.piece(m))]);
        if (legal.needsOrigin(m)) {
            sb.append(square(Move.from(m), hodges));
        }
        sb.append(legal.captures(m) ? 'x' : '-').append(square(to, hodges));
        char suffix = legal.suffix(m);
        return suffix == 0 ? sb.toString() : sb.append(suffix).toString();
    }

    static String square(int sq, boolean hodges) {
        return hodges ? Square.name(sq) : Square.csa(sq);
    }

    static int parse(Legal legal, String text) {
        if (text == null) {
            throw Errors.malformed("Western", "null", legal, -1, "no text");
        }
        String s = text.strip();
        int lead = text.length() - text.stripLeading().length(); // error indices count from the text as given
        int len = s.length();
        int i = 0;
        boolean promoted = i < len && s.charAt(i) == '+';
        i += promoted ? 1 : 0;
        Role role = i < len ? letter(s.charAt(i), promoted) : null;
        if (role == null) {
            throw Errors.malformed("Western", text, legal, lead + i,
                    "expected a piece letter (P L N S G B R K, +P +L +N +S +B +R, T H D)");
        }
        i++;
        int from = -1;
        int sq = squareAt(s, i);
        if (sq >= 0) {
            from = sq;
            i += 2;
        }
        char sep = i < len ? s.charAt(i) : 0;
        if (sep != '-' && sep != 'x' && sep != 'X' && sep != '*') {
            throw Errors.malformed("Western", text, legal, lead + i, "expected '-', 'x' or '*' after the piece");
        }
        i++;
        int to = squareAt(s, i);
        if (to < 0) {
            throw Errors.malformed("Western", text, legal, lead + i, "expected a square such as 76 or 7f");
        }
        i += 2;
        char suffix = i < len ? s.charAt(i) : 0;
        if (suffix != 0) {
            if (suffix != '+' && suffix != '=') {
                throw Errors.malformed("Western", text, legal, lead + i, "expected '+' (promotes) or '=' (does not)");
            }
            i++;
        }
        if (i < len) {
            throw Errors.malformed("Western", text, legal, lead + i, "unexpected '" + s.charAt(i) + "'");
        }
        if (sep == '*' && (from >= 0 || suffix != 0 || !role.isHandRole())) {
            throw Errors.malformed("Western", text, legal, -1,
                    "a drop is a piece that can be held in hand, '*' and a square, with no origin or suffix");
        }
        return resolve("Western", text, legal, role, from, to, sep == '*', suffix,
                m -> write(legal, m, false) + " (" + Move.usi(m) + ")");
    }

    /**
     * Finds the legal move for the parts of a Western-structured move (shared with Kitao–Kawasaki). A missing
     * suffix reads as not promoting; among several such moves, those whose own suffix is empty win.
     */
    static int resolve(String notation, String text, Legal legal, Role role, int from, int to, boolean drop,
            char suffix, IntFunction<String> writer) {
        int piece = Piece.of(legal.us, role.code());
        if (drop) {
            List<Integer> drops = legal.select(m -> Move.isDrop(m) && Move.to(m) == to && Move.piece(m) == piece);
            if (drops.isEmpty()) {
                // The core says which rule the drop breaks (not in hand, occupied, nifu, the check, …).
                Optional<IllegalMove> why = role.isHandRole() ? legal.whyIllegalDrop(role, to) : Optional.empty();
                throw why.isPresent() ? Errors.illegal(notation, text, legal, why.get())
                        : Errors.illegal(notation, text, legal, "cannot drop " + role.name().toLowerCase(Locale.ROOT)
                                + " on " + Square.name(to));
            }
            return drops.getFirst();
        }
        boolean promote = suffix == '+';
        List<Integer> matching = legal.select(m -> !Move.isDrop(m) && Move.to(m) == to && Move.piece(m) == piece
                && (from < 0 || Move.from(m) == from) && Move.isPromotion(m) == promote);
        if (matching.size() > 1) {
            List<Integer> exact = new ArrayList<>();
            for (int m : matching) {
                if (legal.suffix(m) == suffix) {
                    exact.add(m);
                }
            }
            if (!exact.isEmpty()) {
                matching = exact;
            }
        }
        if (matching.size() == 1) {
            return matching.getFirst();
        }
        if (matching.isEmpty()) {
            // The text names one board move (its origin, or the only piece of the kind that reaches the square):
            // the core says which rule it breaks, as for every notation.
            int origin = from;
            if (origin < 0) {
                int[] reach = new int[16];
                origin = legal.reachers(piece, to, reach) == 1 ? reach[0] : -1;
            }
            int there = origin < 0 ? Piece.NONE : legal.pos.pieceAt(origin);
            boolean otherKind = there != Piece.NONE && Piece.color(there) == legal.us && there != piece;
            Optional<IllegalMove> why = origin < 0 || otherKind ? Optional.empty()
                    : legal.whyIllegal(origin, to, promote);
            if (why.isPresent()) {
                throw Errors.illegal(notation, text, legal, why.get());
            }
            String what = role.name().toLowerCase(Locale.ROOT).replace('_', ' ');
            // Name the promotion only when it is what stands in the way: the move exists with the other choice.
            boolean otherChoice = !legal.select(m -> !Move.isDrop(m) && Move.to(m) == to && Move.piece(m) == piece
                    && (from < 0 || Move.from(m) == from) && Move.isPromotion(m) != promote).isEmpty();
            throw Errors.illegal(notation, text, legal, "no " + what + (from >= 0 ? " on " + Square.name(from) : "")
                    + " can move to " + Square.name(to) + (otherChoice ? (promote ? " promoting" : " without promoting") : ""));
        }
        throw Errors.ambiguous(notation, text, legal, matching, writer, "write the origin square");
    }

    private static Role letter(char c, boolean promoted) {
        Role r = switch (c) {
            case 'P', 'L', 'N', 'S', 'G', 'B', 'R', 'K' -> Role.ofSfenLetter(c);
            case 'T' -> promoted ? null : Role.TOKIN;
            case 'H' -> promoted ? null : Role.HORSE;
            case 'D' -> promoted ? null : Role.DRAGON;
            default -> null;
        };
        if (r == null || !promoted) {
            return r;
        }
        return r.canPromote() ? r.promoted() : null;
    }

    /** A square written {@code 76} or {@code 7f} at index {@code i}, or -1. */
    static int squareAt(String s, int i) {
        if (i + 1 >= s.length()) {
            return -1;
        }
        int file = s.charAt(i) - '0';
        char r = s.charAt(i + 1);
        int rank = r >= '1' && r <= '9' ? r - '0' : r >= 'a' && r <= 'i' ? r - 'a' + 1 : 0;
        return Legal.validSquare(file, rank) ? Square.of(file, rank) : -1;
    }
}
