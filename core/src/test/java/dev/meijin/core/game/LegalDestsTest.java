package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.game.LegalDests.Dest;
import dev.meijin.core.game.LegalDests.Promotion;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The destinations a board receives: on every position of the lishogi games and of the perft table, they
 * stand for exactly the legal moves, their promotion choice follows the promotion rules (checked here from
 * the rules, not from the generator), and the move the game went on with is among them.
 */
class LegalDestsTest {

    @Test
    void theStartPosition() {
        LegalDests d = LegalDests.of(Position.startpos());
        assertThat(d.turn()).isEqualTo(Color.SENTE);
        assertThat(d.from("7g")).containsExactly(new Dest("7f", Promotion.IMPOSSIBLE));
        assertThat(d.from("2h")).containsExactly(new Dest("1h", Promotion.IMPOSSIBLE), new Dest("3h", Promotion.IMPOSSIBLE),
                new Dest("4h", Promotion.IMPOSSIBLE), new Dest("5h", Promotion.IMPOSSIBLE), new Dest("6h", Promotion.IMPOSSIBLE),
                new Dest("7h", Promotion.IMPOSSIBLE));
        assertThat(d.from("8h")).as("the bishop is blocked").isEmpty();
        assertThat(d.moves()).as("nine pawns, two lances, two silvers, two golds, the king and the rook").hasSize(17);
        assertThat(d.drops()).isEmpty();
        assertThat(d.check()).isEmpty();
        assertThat(d.moveCount()).isEqualTo(30);
    }

    @Test
    void promotionOptionalForcedAndImpossibleDropsAndCheck() {
        // Sente: a pawn on 2b (must promote on 2a), a bishop on 8h with an open diagonal into the zone, a gold;
        // pawns and a knight in hand; gote's rook on 5a checks the king on 5i along the open file.
        String sfen = "4r3k/7P1/9/9/9/9/6P2/1B7/4K1G2 b PN 1";
        LegalDests d = LegalDests.of(Position.of(Sfen.parse(sfen)));
        assertThat(d.check()).as(sfen).contains("5i");
        assertThat(d.drops().keySet()).as("in check, drops can only interpose: %s", sfen).containsExactly(Role.KNIGHT, Role.PAWN);
        assertThat(d.drops().get(Role.PAWN)).as("a pawn interposes on file 5 below rank 1: %s", sfen)
                .containsExactly("5b", "5c", "5d", "5e", "5f", "5g", "5h");
        assertThat(d.drops().get(Role.KNIGHT)).as("a knight never on the last two ranks: %s", sfen)
                .containsExactly("5c", "5d", "5e", "5f", "5g", "5h");
        assertThat(d.from("2b")).as(sfen).isEmpty();
        assertThat(d.from("8h")).as("the bishop interposes on 5e: %s", sfen).containsExactly(new Dest("5e", Promotion.IMPOSSIBLE));
        assertThat(d.from("5i")).as(sfen).extracting(Dest::to).containsExactly("4h", "4i", "6h", "6i");

        String quiet = "4k4/7P1/9/9/9/9/6P2/1B7/4K1G2 b PN 1";
        LegalDests q = LegalDests.of(Position.of(Sfen.parse(quiet)));
        assertThat(q.check()).as(quiet).isEmpty();
        assertThat(q.from("2b")).as(quiet).containsExactly(new Dest("2a", Promotion.FORCED));
        assertThat(q.from("8h")).as("the bishop may promote on entering the zone at 3c, not before; 2b is its own pawn: %s", quiet)
                .containsExactly(new Dest("3c", Promotion.OPTIONAL), new Dest("4d", Promotion.IMPOSSIBLE), new Dest("5e", Promotion.IMPOSSIBLE),
                        new Dest("6f", Promotion.IMPOSSIBLE), new Dest("7g", Promotion.IMPOSSIBLE), new Dest("7i", Promotion.IMPOSSIBLE),
                        new Dest("9g", Promotion.IMPOSSIBLE), new Dest("9i", Promotion.IMPOSSIBLE));
        assertThat(q.from("3i")).as("a gold never promotes; forward, diagonally forward and sideways: %s", quiet)
                .containsExactly(new Dest("2h", Promotion.IMPOSSIBLE), new Dest("2i", Promotion.IMPOSSIBLE),
                        new Dest("3h", Promotion.IMPOSSIBLE), new Dest("4h", Promotion.IMPOSSIBLE), new Dest("4i", Promotion.IMPOSSIBLE));
        assertThat(q.drops().keySet()).as(quiet).containsExactly(Role.KNIGHT, Role.PAWN);
        // A pawn: not on files 2 and 3 (sente's pawns on 2b and 3g), not on rank a, not on 8h (the bishop) or 5i
        // (the king); 5b checks but is no mate (the king takes it or steps aside). 7 files × 8 ranks - 2 = 54.
        assertThat(q.drops().get(Role.PAWN)).as(quiet).containsExactly(
                "1b", "1c", "1d", "1e", "1f", "1g", "1h", "1i",
                "4b", "4c", "4d", "4e", "4f", "4g", "4h", "4i",
                "5b", "5c", "5d", "5e", "5f", "5g", "5h",
                "6b", "6c", "6d", "6e", "6f", "6g", "6h", "6i",
                "7b", "7c", "7d", "7e", "7f", "7g", "7h", "7i",
                "8b", "8c", "8d", "8e", "8f", "8g", "8i",
                "9b", "9c", "9d", "9e", "9f", "9g", "9h", "9i");
        // A knight: any file, not on ranks a and b, not on 3g, 3i, 8h or 5i. 9 files × 7 ranks - 4 = 59.
        assertThat(q.drops().get(Role.KNIGHT)).as(quiet).containsExactly(
                "1c", "1d", "1e", "1f", "1g", "1h", "1i",
                "2c", "2d", "2e", "2f", "2g", "2h", "2i",
                "3c", "3d", "3e", "3f", "3h",
                "4c", "4d", "4e", "4f", "4g", "4h", "4i",
                "5c", "5d", "5e", "5f", "5g", "5h",
                "6c", "6d", "6e", "6f", "6g", "6h", "6i",
                "7c", "7d", "7e", "7f", "7g", "7h", "7i",
                "8c", "8d", "8e", "8f", "8g", "8i",
                "9c", "9d", "9e", "9f", "9g", "9h", "9i");
    }

    @Test
    void everyPositionOfTheLishogiGamesAndThePerftTable() {
        int positions = 0;
        List<List<String>> games = GamePlayTest.lishogiGames();
        // Every fourth game keeps the test fast; the games are independent samples of real play.
        for (int g = 0; g < games.size(); g += 4) {
            List<String> game = games.get(g);
            Position pos = Position.startpos();
            for (String usi : game) {
                check(pos, Optional.of(usi));
                pos.doMove(dev.meijin.core.usi.Usi.parseMove(pos, usi));
                positions++;
            }
            check(pos, Optional.empty());
        }
        for (String sfen : Fixtures.perftSfens()) {
            if (Fixtures.sideToMoveHasKing(sfen)) {
                check(Position.ofRecord(Sfen.parse(sfen)), Optional.empty());
                positions++;
            }
        }
        // Every fourth lishogi game from the first: 100 games, 7,701 moves; and the 320 distinct perft
        // positions whose side to move has a king (the table's 321st, 4k4/9/9/9/9/9/9/9/9 b 16P 1, has none).
        assertThat(positions).isEqualTo(7_701 + 320);
    }

    /**
     * The destinations stand for exactly the legal moves, with promotion choices as the rules give them. Plain
     * comparisons per destination (tens of thousands of positions); a mismatch fails with the position.
     */
    private static void check(Position pos, Optional<String> next) {
        LegalDests d = LegalDests.of(pos);
        TreeSet<String> fromDests = new TreeSet<>();
        List<String> wrong = new ArrayList<>();
        int lastFrom = -1;
        for (Map.Entry<String, List<Dest>> e : d.moves().entrySet()) {
            int fromSq = Square.parse(e.getKey());
            int pc = pos.pieceAt(fromSq);
            if (pc == 0 || Piece.color(pc) != pos.sideToMove() || e.getValue().isEmpty() || fromSq <= lastFrom) {
                wrong.add("origin " + e.getKey());
            }
            lastFrom = fromSq;
            for (Dest dest : e.getValue()) {
                if (dest.promotion() != promotionByTheRules(pc, fromSq, Square.parse(dest.to()))) {
                    wrong.add(e.getKey() + dest.to() + " " + dest.promotion());
                }
                if (dest.promotion() != Promotion.FORCED) {
                    fromDests.add(e.getKey() + dest.to());
                }
                if (dest.promotion() != Promotion.IMPOSSIBLE) {
                    fromDests.add(e.getKey() + dest.to() + "+");
                }
            }
        }
        int lastRole = -1;
        for (Map.Entry<Role, List<String>> e : d.drops().entrySet()) {
            if (pos.handCount(pos.turn(), e.getKey()) == 0 || Role.HAND_ORDER.indexOf(e.getKey()) <= lastRole) {
                wrong.add("drop " + e.getKey());
            }
            lastRole = Role.HAND_ORDER.indexOf(e.getKey());
            for (String sq : e.getValue()) {
                fromDests.add(e.getKey().sfenLetter() + "*" + sq);
            }
        }
        TreeSet<String> legal = new TreeSet<>();
        for (int m : pos.legalMoves()) {
            legal.add(Move.usi(m));
        }
        int king = pos.kingSquare(pos.sideToMove());
        Optional<String> check = pos.inCheck() ? Optional.of(Square.name(king)) : Optional.empty();
        if (!wrong.isEmpty() || !fromDests.equals(legal) || d.moveCount() != legal.size() || !d.check().equals(check)
                || next.isPresent() && !fromDests.contains(next.get())) {
            String sfen = Sfen.format(pos);
            assertThat(wrong).as(sfen).isEmpty();
            assertThat(fromDests).as(sfen).isEqualTo(legal);
            assertThat(d.moveCount()).as(sfen).isEqualTo(legal.size());
            assertThat(d.check()).as(sfen).isEqualTo(check);
            assertThat(fromDests).as("the game went on with it: %s", sfen).contains(next.orElseThrow());
        }
    }

    /** The promotion choice of a legal board move, from the rules: zone, promotable kinds, dead squares. */
    private static Promotion promotionByTheRules(int pc, int from, int to) {
        Role role = Piece.roleOf(pc);
        int c = Piece.color(pc);
        boolean zone = Square.inZone(c, from) || Square.inZone(c, to);
        if (!role.canPromote() || !zone) {
            return Promotion.IMPOSSIBLE;
        }
        int rank = Square.relativeRank(c, to);
        boolean dead = ((role == Role.PAWN || role == Role.LANCE) && rank == 1) || (role == Role.KNIGHT && rank <= 2);
        return dead ? Promotion.FORCED : Promotion.OPTIONAL;
    }

    @Test
    void theRecordIsPlainData() {
        // A position with moves and drops: every map and list of the value is read-only.
        LegalDests d = LegalDests.of(Position.of(Sfen.parse("4k4/7P1/9/9/9/9/6P2/1B7/4K1G2 b PN 1")));
        assertThat(d.moves()).hasSize(5).isUnmodifiable();
        assertThat(d.moves().values()).allSatisfy(l -> assertThat(l).isUnmodifiable());
        assertThat(d.drops()).hasSize(2).isUnmodifiable();
        assertThat(d.drops().values()).allSatisfy(l -> assertThat(l).isUnmodifiable());
        // The record keeps a copy: changing the map it was made from changes nothing.
        Map<String, List<Dest>> source = new LinkedHashMap<>(d.moves());
        LegalDests copy = new LegalDests(d.turn(), source, d.drops(), d.check());
        source.clear();
        assertThat(copy.moves()).isEqualTo(d.moves());
        assertThat(LegalDests.none(Color.GOTE)).isEqualTo(new LegalDests(Color.GOTE, Map.of(), Map.of(), Optional.empty()));
    }
}
