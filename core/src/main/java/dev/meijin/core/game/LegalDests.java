package dev.meijin.core.game;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything a board needs to let the side to move move, in one value (lishogi's {@code dests} and
 * {@code dropDests}): for each square holding a piece that can move, its destinations with whether promotion
 * there is {@linkplain Promotion optional, forced or impossible}; for each piece in hand that can be dropped,
 * its drop squares; and the square of the king in check, if it is. Squares are USI names ({@code 7g}); the
 * value is plain records, lists and maps, so a JSON library writes it as it is:
 * {@snippet lang=json :
 * {"turn":"SENTE","moves":{"7g":[{"to":"7f","promotion":"IMPOSSIBLE"}],"2b":[{"to":"3c","promotion":"OPTIONAL"}]},
 *  "drops":{"PAWN":["5e","5f"]},"check":"5i"}
 * }
 * A square with no legal move and a piece in hand that cannot be dropped are absent. Origins are listed in
 * square order (1a, 1b, … 9i), destinations likewise, drops in {@link Role#HAND_ORDER}.
 *
 * @param turn the side to move
 * @param moves origin square to its destinations
 * @param drops piece in hand to its drop squares
 * @param check the square of the side to move's king when it is in check
 */
public record LegalDests(Color turn, Map<String, List<Dest>> moves, Map<Role, List<String>> drops, Optional<String> check) {

    /** Whether a move to a destination promotes. */
    public enum Promotion {
        /** The piece cannot promote on this move (a gold, a king, a promoted piece, or a move outside the zone). */
        IMPOSSIBLE,
        /** The player chooses: the promoting and the non-promoting move are both legal. */
        OPTIONAL,
        /** Only the promoting move is legal (a pawn, lance or knight that could never move again otherwise). */
        FORCED
    }

    /**
     * One destination of a piece.
     *
     * @param to the destination square (USI name)
     * @param promotion whether the move there promotes
     */
    public record Dest(String to, Promotion promotion) {}

    public LegalDests {
        moves = Collections.unmodifiableMap(new LinkedHashMap<>(moves));
        drops = Collections.unmodifiableMap(new LinkedHashMap<>(drops));
    }

    /** No move at all (a finished game): the board lets nobody move. */
    public static LegalDests none(Color turn) {
        return new LegalDests(turn, Map.of(), Map.of(), Optional.empty());
    }

    /** The legal destinations of the side to move in a position. */
    public static LegalDests of(Position pos) {
        // Per origin and destination: bit 0 the non-promoting move is legal, bit 1 the promoting one.
        TreeMap<Integer, TreeMap<Integer, Integer>> board = new TreeMap<>();
        EnumMap<Role, List<String>> dropsByRole = new EnumMap<>(Role.class);
        List<Integer> dropSquares = new ArrayList<>();
        int[] legal = pos.legalMoves();
        for (Role r : Role.HAND_ORDER) {
            dropSquares.clear();
            for (int m : legal) {
                if (Move.isDrop(m) && Move.dropRole(m) == r.code()) {
                    dropSquares.add(Move.to(m));
                }
            }
            if (!dropSquares.isEmpty()) {
                dropsByRole.put(r, dropSquares.stream().sorted().map(Square::name).toList());
            }
        }
        for (int m : legal) {
            if (!Move.isDrop(m)) {
                board.computeIfAbsent(Move.from(m), k -> new TreeMap<>())
                        .merge(Move.to(m), Move.isPromotion(m) ? 2 : 1, (a, b) -> a | b);
            }
        }
        Map<String, List<Dest>> moves = new LinkedHashMap<>();
        board.forEach((from, tos) -> {
            List<Dest> dests = new ArrayList<>(tos.size());
            tos.forEach((to, kinds) -> dests.add(new Dest(Square.name(to), switch (kinds) {
                case 1 -> Promotion.IMPOSSIBLE;
                case 2 -> Promotion.FORCED;
                default -> Promotion.OPTIONAL;
            })));
            moves.put(Square.name(from), List.copyOf(dests));
        });
        Map<Role, List<String>> drops = new LinkedHashMap<>();
        for (Role r : Role.HAND_ORDER) {
            List<String> sq = dropsByRole.get(r);
            if (sq != null) {
                drops.put(r, sq);
            }
        }
        int king = pos.kingSquare(pos.sideToMove());
        Optional<String> check = pos.inCheck() && king != Position.NO_SQUARE ? Optional.of(Square.name(king)) : Optional.empty();
        return new LegalDests(pos.turn(), moves, drops, check);
    }

    /** The destinations of the piece on a square (USI name), empty if it cannot move. */
    public List<Dest> from(String square) {
        return moves.getOrDefault(square, List.of());
    }

    /** The number of legal moves these destinations stand for (each optional promotion counts twice). */
    public int moveCount() {
        int n = 0;
        for (List<Dest> ds : moves.values()) {
            for (Dest d : ds) {
                n += d.promotion() == Promotion.OPTIONAL ? 2 : 1;
            }
        }
        for (List<String> s : drops.values()) {
            n += s.size();
        }
        return n;
    }
}
