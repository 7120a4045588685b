package dev.meijin.notation.kifu;

import dev.meijin.core.Color;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A game record, whatever its format: headers, the start position, comments on the start, and the main
 * line with its variations. Moves are core int moves, valid in the position reached by the steps before
 * them (readers replay every move through the rules).
 *
 * @param headers headers in file order
 * @param start the start position
 * @param startComments comments before the first move
 * @param moves the main line: moves, possibly ending with one special step
 */
public record Kifu(List<Header> headers, Start start, List<String> startComments, List<Step> moves) {
    public Kifu {
        headers = List.copyOf(headers);
        startComments = List.copyOf(startComments);
        moves = List.copyOf(moves);
    }

    /** An empty record from the even position. */
    public static Kifu empty() {
        return new Kifu(List.of(), Start.EVEN, List.of(), List.of());
    }

    /** The first header with this key. */
    public Optional<String> header(String key) {
        return headers.stream().filter(h -> h.key().equals(key)).map(Header::value).findFirst();
    }

    /** The main line's moves (specials left out). */
    public List<Integer> mainLine() {
        List<Integer> out = new ArrayList<>(moves.size());
        for (Step s : moves) {
            if (s.isMove()) {
                out.add(s.move());
            }
        }
        return out;
    }

    /** The special that ends the main line, if any. */
    public Optional<Special> special() {
        return moves.isEmpty() ? Optional.empty() : moves.getLast().special();
    }

    /**
     * The start position as a live position. Tsume positions may lack the attacker's king, and composed
     * problems may hold two pawns on a file or a piece that cannot move ({@link Position#ofRecord}).
     *
     * <p>Empty when the start is not a legal position even so (no defending king, a piece that is not
     * there…): the lenient readers return such a record with a problem saying why ({@link #startProblem()}),
     * and without moves. This never throws, so that a record a reader returned can always be shown,
     * converted or validated.
     *
     * @return a new position, or empty if the start is not a legal position
     */
    public Optional<Position> startPosition() {
        try {
            return Optional.of(Position.ofRecord(start.setup()));
        } catch (IllegalPositionException e) {
            return Optional.empty();
        }
    }

    /**
     * Why the start is not a legal position, in the rules' words.
     *
     * @return the reason, or empty if {@link #startPosition()} gives a position
     */
    public Optional<String> startProblem() {
        try {
            Position.ofRecord(start.setup());
            return Optional.empty();
        } catch (IllegalPositionException e) {
            return Optional.of(e.detail());
        }
    }

    /**
     * The position after the main line's moves.
     *
     * @return a new position, or empty if the start is not a legal position (such a record has no moves)
     */
    public Optional<Position> finalPosition() {
        Optional<Position> p = startPosition();
        p.ifPresent(pos -> {
            for (int m : mainLine()) {
                pos.doMove(m);
            }
        });
        return p;
    }

    /** Whether the record holds a move anywhere: in the main line or in a variation. */
    public boolean hasMoves() {
        for (Step s : moves) {
            if (s.isMove() || !s.forks().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** The side to move when the main line's special is recorded. */
    public Color sideToMoveAtEnd() {
        int n = mainLine().size();
        Color first = start.setup().turn();
        return n % 2 == 0 ? first : first.opposite();
    }

    /** The winner the record states through its special, if any. */
    public Optional<Color> recordedWinner() {
        return special().flatMap(s -> s.winner(sideToMoveAtEnd()));
    }

    /** Whether any step of the tree has variations. */
    public boolean hasForks() {
        return hasForks(moves);
    }

    private static boolean hasForks(List<Step> line) {
        for (Step s : line) {
            if (!s.forks().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    public Kifu withHeaders(List<Header> h) {
        return new Kifu(h, start, startComments, moves);
    }

    public Kifu withMoves(List<Step> m) {
        return new Kifu(headers, start, startComments, m);
    }
}
