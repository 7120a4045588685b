package dev.meijin.notation.move;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** 打, 成/不成, 同, the KIF style, the spellings accepted when reading, and the three kinds of error. */
class JapaneseNotationTest {

    private static int usi(Position pos, String usi) {
        return Usi.parseMove(pos, usi);
    }

    // ------------------------------------------------------------------ 打

    @Test
    void dropNeedsUchiOnlyWhenABoardPieceOfTheKindCanAlsoGoThere() {
        Position pos = Boards.of("5f:G", 'b', "G", "5e");
        int drop = usi(pos, "G*5e");
        int board = usi(pos, "5f5e");
        assertThat(JapaneseNotation.formatKi2(pos, drop)).isEqualTo("▲５五金打");
        assertThat(JapaneseNotation.formatKi2(pos, board)).isEqualTo("▲５五金");
        assertThat(JapaneseNotation.parse(pos, "５五金打")).isEqualTo(drop);
        // Without 打 the piece on the board is meant.
        assertThat(JapaneseNotation.parse(pos, "５五金")).isEqualTo(board);
        // KIF writes 打 on every drop and the origin on every board move.
        assertThat(JapaneseNotation.formatKif(pos, drop)).isEqualTo("５五金打");
        assertThat(JapaneseNotation.formatKif(pos, board)).isEqualTo("５五金(56)");
    }

    @Test
    void dropWithoutUchiWhenNoBoardPieceOfTheKindCanGoThere() {
        // The tokin can go to 5e, but it is not a gold.
        Position pos = Boards.of("5f:+P 1i:G", 'b', "G", "5e");
        int drop = usi(pos, "G*5e");
        assertThat(JapaneseNotation.formatKi2(pos, drop)).isEqualTo("▲５五金");
        assertThat(JapaneseNotation.parse(pos, "▲５五金")).isEqualTo(drop);
        assertThat(JapaneseNotation.parse(pos, "▲５五金打")).isEqualTo(drop);
        assertThat(JapaneseNotation.formatKif(pos, drop)).isEqualTo("５五金打");
    }

    @Test
    void anIllegalDropWithoutUchiIsExplainedByTheRuleItBreaks() {
        // Gote's rook on 5a checks sente's king on 5i; the bishop in hand dropped on 1a does not block it. No
        // bishop is on the board, so "１一角" means the drop, and the check is why it is illegal.
        Position pos = Sfen.position("k3r4/9/9/9/9/9/9/9/4K4 b B 1");
        for (String text : new String[] {"▲１一角", "▲１一角打"}) {
            assertThatThrownBy(() -> JapaneseNotation.parse(pos, text)).as(text)
                    .isInstanceOfSatisfying(MoveNotationException.class, e -> assertThat(e.reason())
                            .isEqualTo(MoveNotationException.Reason.ILLEGAL))
                    .hasMessageContaining("the king is in check and a drop on 1a does not block it")
                    .hasMessageNotContaining("can move to");
        }
        // With no bishop in hand either, no bishop can go there at all.
        Position none = Sfen.position("k3r4/9/9/9/9/9/9/9/4K4 b G 1");
        assertThatThrownBy(() -> JapaneseNotation.parse(none, "▲１一角")).hasMessageContaining("no bishop (角) can move to 1a");
    }

    @Test
    void aPinnedPieceGetsItsMarkerWrittenAndNeedsNoneToBeRead() {
        // The gold on 4e is pinned against the king on 5e by the rook on 1e, so only 4g's gold can go to 4f.
        // The rules need no marker, but other readers count the pinned gold as a candidate: 上 is written.
        Position pos = Boards.of("5e:K 4e:G 1e:r 4g:G", 'b', "-", "4f");
        int m = usi(pos, "4g4f");
        assertThat(JapaneseNotation.formatKi2(pos, m)).isEqualTo("▲４六金上");
        assertThat(JapaneseNotation.parse(pos, "４六金")).isEqualTo(m);
        assertThat(JapaneseNotation.parse(pos, "４六金上")).isEqualTo(m);
        // Without the pin both golds can go there.
        Position free = Boards.of("5e:K 4e:G 4g:G", 'b', "-", "4f");
        assertThat(JapaneseNotation.formatKi2(free, usi(free, "4g4f"))).isEqualTo("▲４六金上");
        assertThat(JapaneseNotation.formatKi2(free, usi(free, "4e4f"))).isEqualTo("▲４六金引");
    }

    @Test
    void aMarkerForAPinnedDragonIsStillRead() {
        // The dragon on 5d is pinned against the king on 5e by the lance on 5a; only 2d's dragon can go to 4d.
        // 右 is written, counting the pinned one as other readers do, and the bare move is read too.
        Position pos = Boards.of("5e:K 5d:+R 5a:l 2d:+R", 'b', "-", "4d");
        int m = usi(pos, "2d4d");
        assertThat(JapaneseNotation.formatKi2(pos, m)).isEqualTo("▲４四龍右");
        assertThat(JapaneseNotation.parse(pos, "▲４四龍")).isEqualTo(m);
        assertThat(JapaneseNotation.parse(pos, "▲４四龍右")).isEqualTo(m);
        assertThat(JapaneseNotation.parse(pos, "▲４四龍寄")).isEqualTo(m);
        assertThatThrownBy(() -> JapaneseNotation.parse(pos, "▲４四龍左"))
                .isInstanceOfSatisfying(MoveNotationException.class,
                        e -> assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.ILLEGAL));
    }

    // ------------------------------------------------------------------ 成 and 不成

    @Test
    void promotionWrittenWhenTheMoveCouldPromote() {
        Position pos = Boards.startpos("7g7f 3c3d");
        int promote = usi(pos, "8h2b+");
        int decline = usi(pos, "8h2b");
        assertThat(JapaneseNotation.formatKi2(pos, promote)).isEqualTo("▲２二角成");
        assertThat(JapaneseNotation.formatKi2(pos, decline)).isEqualTo("▲２二角不成");
        assertThat(JapaneseNotation.formatKif(pos, promote)).isEqualTo("２二角成(88)");
        // KIF writes a non-promotion as the bare move, as Kakinoki does; 不成 is still read.
        assertThat(JapaneseNotation.formatKif(pos, decline)).isEqualTo("２二角(88)");
        assertThat(JapaneseNotation.parse(pos, "２二角成(88)")).isEqualTo(promote);
        assertThat(JapaneseNotation.parse(pos, "２二角不成(88)")).isEqualTo(decline);
        assertThat(JapaneseNotation.parse(pos, "２二角生")).isEqualTo(decline);
        // A missing 不成 reads as not promoting.
        assertThat(JapaneseNotation.parse(pos, "２二角")).isEqualTo(decline);
        // Outside the zone there is nothing to write.
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "2g2f"))).isEqualTo("▲２六歩");
    }

    @Test
    void forcedPromotionIsWrittenAndMustBeRead() {
        Position pos = Boards.of("2b:P", 'b', "-", "2a");
        int m = usi(pos, "2b2a+");
        assertThat(JapaneseNotation.formatKi2(pos, m)).isEqualTo("▲２一歩成");
        assertThatThrownBy(() -> JapaneseNotation.parse(pos, "２一歩"))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.ILLEGAL);
                    assertThat(e.getMessage()).contains("must promote", "２一歩", Sfen.format(pos));
                });
    }

    @Test
    void promotedPiecesByName() {
        Position pos = Boards.of("5e:+P 4e:+L 3e:+N 2e:+S 6e:+B 7e:+R", 'b');
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "5e5d"), false)).isEqualTo("５四と");
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "4e4d"), false)).isEqualTo("４四成香");
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "3e3d"), false)).isEqualTo("３四成桂");
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "2e2d"), false)).isEqualTo("２四成銀");
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "6e6d"), false)).isEqualTo("６四馬");
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "7e7d"), false)).isEqualTo("７四龍");
        assertThat(JapaneseNotation.formatKif(pos, usi(pos, "2e2d"))).isEqualTo("２四成銀(25)");
        // One-character names and 竜.
        assertThat(JapaneseNotation.parse(pos, "４四杏")).isEqualTo(usi(pos, "4e4d"));
        assertThat(JapaneseNotation.parse(pos, "３四圭")).isEqualTo(usi(pos, "3e3d"));
        assertThat(JapaneseNotation.parse(pos, "２四全")).isEqualTo(usi(pos, "2e2d"));
        assertThat(JapaneseNotation.parse(pos, "７四竜")).isEqualTo(usi(pos, "7e7d"));
    }

    // ------------------------------------------------------------------ 同

    @Test
    void sameSquareAsThePreviousMove() {
        Position pos = Boards.startpos("7g7f 3c3d 8h2b+");
        int m = usi(pos, "3a2b");
        assertThat(JapaneseNotation.formatKi2(pos, m)).isEqualTo("△同　銀");
        assertThat(JapaneseNotation.formatKif(pos, m)).isEqualTo("同　銀(31)");
        for (String text : new String[] {"△同銀", "同　銀", "同 銀", "☖同銀", "同銀(31)", "△同　銀", "２二銀", "△２二銀"}) {
            assertThat(JapaneseNotation.parse(pos, text)).as(text).isEqualTo(m);
        }
        // 同 with markers: gote's right is the high-numbered files.
        Position two = Boards.of("5e:+S 4c:g 6c:g", 'b', "-", "5d");
        two.doMove(usi(two, "5e5d"));
        int left = usi(two, "4c5d");
        assertThat(JapaneseNotation.formatKi2(two, left)).isEqualTo("△同金左");
        assertThat(JapaneseNotation.formatKi2(two, usi(two, "6c5d"))).isEqualTo("△同金右");
        assertThat(JapaneseNotation.formatKif(two, left)).isEqualTo("同　金(43)");
        assertThat(JapaneseNotation.parse(two, "△同　金左")).isEqualTo(left);
        assertThat(JapaneseNotation.parse(two, "同金(43)")).isEqualTo(left);
    }

    @Test
    void sameWithATwoCharacterName() {
        Position pos = Boards.of("2e:+S 2c:p", 'w', "-", "2d");
        pos.doMove(usi(pos, "2c2d"));
        int m = usi(pos, "2e2d");
        assertThat(JapaneseNotation.formatKif(pos, m)).isEqualTo("同　成銀(25)");
        assertThat(JapaneseNotation.formatKi2(pos, m)).isEqualTo("▲同成銀");
        assertThat(JapaneseNotation.parse(pos, "同　成銀(25)")).isEqualTo(m);
        assertThat(JapaneseNotation.parse(pos, "▲同全")).isEqualTo(m);
    }

    @Test
    void sameNeedsAPreviousMove() {
        Position pos = Position.startpos();
        assertThatThrownBy(() -> JapaneseNotation.parse(pos, "同歩"))
                .isInstanceOfSatisfying(MoveNotationException.class,
                        e -> assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.ILLEGAL));
    }

    // ------------------------------------------------------------------ spellings

    @ParameterizedTest
    @ValueSource(strings = {"▲７六歩", "７六歩", "☗７六歩", "▼７六歩", "76歩", "7六歩", "７6歩", "七六歩", "７六歩(77)",
            "７六歩（７７）", " ７六歩 ", "▲ ７六歩", "７六歩上", "７六歩直", "７六歩行"})
    void readsTheUsualSpellings(String text) {
        Position pos = Position.startpos();
        assertThat(JapaneseNotation.parse(pos, text)).isEqualTo(usi(pos, "7g7f"));
    }

    @Test
    void kingIsGyokuOrOu() {
        Position pos = Position.startpos();
        int m = usi(pos, "5i5h");
        assertThat(JapaneseNotation.formatKi2(pos, m)).isEqualTo("▲５八玉");
        assertThat(JapaneseNotation.parse(pos, "▲５八王")).isEqualTo(m);
        assertThat(JapaneseNotation.formatKif(pos, m)).isEqualTo("５八玉(59)");
    }

    @Test
    void startingGoldsNeedMarkers() {
        Position pos = Position.startpos();
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "6i5h"))).isEqualTo("▲５八金左");
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "4i5h"))).isEqualTo("▲５八金右");
        assertThat(JapaneseNotation.formatKi2(pos, usi(pos, "6i7h"))).isEqualTo("▲７八金");
        assertThat(JapaneseNotation.formatKif(pos, usi(pos, "6i5h"))).isEqualTo("５八金(69)");
    }

    // ------------------------------------------------------------------ errors

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ''         | 0
            ７         | 0
            ７六       | 2
            ７〇歩     | 0
            ７六X      | 2
            ７六歩右右 | 4
            ７六歩上引 | 4
            ７六歩成成 | 4
            ７六歩打打 | 4
            ７六歩(7)  | 3
            ７六歩(77  | 3
            ７六歩 x   | 4
            ５五歩打(56) | -1
            ５五歩右打   | -1
            ５五馬打     | -1
            """)
    void malformed(String text, int index) {
        Position pos = Position.startpos();
        assertThatThrownBy(() -> JapaneseNotation.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.MALFORMED);
                    assertThat(e.input()).isEqualTo(text);
                    assertThat(e.index()).isEqualTo(index);
                    assertThat(e.sfen()).isEqualTo(Sfen.format(pos));
                    assertThat(e.getMessage()).contains("\"" + text + "\"", Sfen.format(pos));
                });
    }

    /** The even start's SFEN, as the messages name it. */
    private static final String STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    // In the even start: the pawn on 7g goes only to 7f, without promoting; the golds on 6i and 4i both go
    // forward to 5h and neither stands on file 5 (直); the bishop on 8h is blocked; no hand holds anything. A
    // text that names one move (its origin, or the only piece of its kind that reaches the square) is refused
    // for the core's rule; one that names none says so, without a rule.
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ▲７五歩    | -              | no pawn (歩) can move to 7e
            △７六歩    | NOT_YOUR_TURN  | △ marks gote but sente is to move
            ７六歩(87) | CANNOT_REACH   | a pawn on 8g cannot move to 7f
            ７六金     | -              | no gold (金) can move to 7f
            ７六金(77) | -              | the piece on 7g is a pawn (歩), not a gold (金)
            ７六歩成   | CANNOT_PROMOTE | promotion needs a move that starts or ends in the promotion zone
            ５五歩打   | NOT_IN_HAND    | no pawn in hand
            ５八金直   | -              | no gold (金) that can move to 5h fits the markers (legal: ５八金(49), ５八金(69))
            ５八金引   | -              | no gold (金) that can move to 5h fits the markers (legal: ５八金(49), ５八金(69))
            ２二角     | -              | no bishop (角) can move to 2b
            ７二金(61) | NOT_YOUR_PIECE | the piece on 6a is the opponent's
            ４五金(49) | CANNOT_REACH   | a gold on 4i cannot move to 4e
            """)
    void illegal(String text, String rule, String why) {
        Position pos = Position.startpos();
        assertThatThrownBy(() -> JapaneseNotation.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.ILLEGAL);
                    assertThat(e.rule()).isEqualTo(rule.equals("-") ? Optional.empty()
                            : Optional.of(IllegalMoveReason.valueOf(rule)));
                    assertThat(e.input()).isEqualTo(text);
                    assertThat(e.sfen()).isEqualTo(STARTPOS);
                    assertThat(e.index()).isEqualTo(-1);
                    assertThat(e.candidates()).isEmpty();
                    assertThat(e.getMessage()).isEqualTo("illegal Japanese move \"" + text + "\" in " + STARTPOS + ": " + why);
                });
    }

    /**
     * The defect report's position: gote's rook on 5e pins sente's gold on 5g to the king on 5i. Moving the gold
     * to 4g is refused for leaving the king in check, with the core's words, whether the KIF text gives the
     * origin, the KI2 text names the only gold that reaches 4g (with or without its marker), or the move is
     * written in CSA, USI or Western notation.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            JAPANESE_KIF | ４七金(57) | Japanese
            JAPANESE_KIF | ▲４七金    | Japanese
            JAPANESE_KIF | ４七金寄   | Japanese
            KI2          | ▲４七金    | Japanese
            CSA          | +5747KI    | CSA
            HODGES       | G5g-4g     | Western
            HODGES       | G-4g       | Western
            KAWASAKI     | 金-47      | Kitao-Kawasaki
            """)
    void aPinnedPieceIsRefusedForTheCheckInEveryNotation(MoveStyle style, String text, String notation) {
        String sfen = "4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1";
        Position pos = Sfen.position(sfen);
        String suffix = style == MoveStyle.CSA ? " (5g4g)" : "";
        assertThatThrownBy(() -> style.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.ILLEGAL);
                    assertThat(e.rule()).contains(IllegalMoveReason.KING_LEFT_IN_CHECK);
                    assertThat(e.getMessage()).isEqualTo("illegal " + notation + " move \"" + text + "\" in " + sfen
                            + ": it would leave the king in check" + suffix);
                });
        // USI says it in the core's own words, for the same rule.
        assertThatThrownBy(() -> MoveStyle.USI.parse(pos, "5g4g"))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.rule()).contains(IllegalMoveReason.KING_LEFT_IN_CHECK);
                    assertThat(e.getMessage()).isEqualTo("illegal move 5g4g in " + sfen + ": it would leave the king in check");
                });
        assertThat(pos.illegalReason(new MoveOrDrop.BoardMove(Square.parse("5g"), Square.parse("4g"), false)))
                .contains(IllegalMoveReason.KING_LEFT_IN_CHECK);
    }

    /** A king that walks into check (KIF gives its origin; KI2 names the only king) is refused for it. */
    @Test
    void aKingWalkingIntoCheckIsRefusedForTheCheck() {
        String sfen = "4k4/9/9/9/9/9/9/3r5/4K4 b - 1";
        Position pos = Sfen.position(sfen);
        for (String text : new String[] {"５八玉(59)", "▲５八玉"}) {
            assertThatThrownBy(() -> JapaneseNotation.parse(pos, text)).as(text)
                    .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                        assertThat(e.rule()).contains(IllegalMoveReason.KING_LEFT_IN_CHECK);
                        assertThat(e.getMessage()).isEqualTo("illegal Japanese move \"" + text + "\" in " + sfen
                                + ": the king would be in check on 5h");
                    });
        }
    }

    @Test
    void ambiguousListsTheCandidates() {
        Position pos = Boards.of("6c:G 5c:G 4c:G", 'b', "-", "5b");
        assertThatThrownBy(() -> JapaneseNotation.parse(pos, "▲５二金"))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.AMBIGUOUS);
                    assertThat(e.candidates()).containsExactlyInAnyOrder("6c5b", "5c5b", "4c5b");
                    assertThat(e.getMessage()).contains("５二金(63)", "５二金(53)", "５二金(43)", Sfen.format(pos), "右");
                });
        // 上 does not decide either: all three move forward.
        assertThatThrownBy(() -> JapaneseNotation.parse(pos, "５二金上"))
                .isInstanceOfSatisfying(MoveNotationException.class,
                        e -> assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.AMBIGUOUS));
        assertThat(JapaneseNotation.parse(pos, "５二金(63)")).isEqualTo(usi(pos, "6c5b"));
    }

    @Test
    void formattingAnIllegalMoveFails() {
        Position pos = Position.startpos();
        int m = Move.normal(Square.parse("7g"), Square.parse("7e"), pos.pieceAt(Square.parse("7g")));
        assertThatThrownBy(() -> JapaneseNotation.formatKi2(pos, m))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.ILLEGAL);
                    assertThat(e.input()).isEqualTo("7g7e");
                    assertThat(e.getMessage()).isEqualTo("cannot write move 7g7e: it is not legal in " + STARTPOS);
                });
    }
}
