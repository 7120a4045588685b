package dev.meijin.core.sfen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.meijin.core.Color;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.PositionIssue;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.SfenException.Reason;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** SFEN parsing, formatting and errors, and the position rules a parsed setup must meet. */
class SfenTest {

    private static final String START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    /** Two bare kings, sente to move; hands and pieces are added per test. */
    private static final String KINGS = "4k4/9/9/9/9/9/9/9/4K4";

    // ------------------------------------------------------------------ valid text

    @Test
    void startpos() {
        Setup s = Sfen.parse(START);
        assertThat(s).as(START).isEqualTo(Setups.STARTPOS);
        assertThat(Sfen.format(s)).as(START).isEqualTo(START);
        assertThat(Sfen.STARTPOS).isEqualTo(START);
        assertThat(Sfen.parse("startpos")).as("startpos keyword").isEqualTo(Setups.STARTPOS);
        assertThat(Sfen.parse("sfen " + START)).as("sfen prefix").isEqualTo(Setups.STARTPOS);
        assertThat(Sfen.parse("  " + START + "  ")).as("surrounding spaces").isEqualTo(Setups.STARTPOS);
        assertThat(Sfen.parse(START.replace(" ", "   "))).as("runs of spaces").isEqualTo(Setups.STARTPOS);
        Position p = Sfen.position(START);
        assertThat(p.pieceAt(Square.parse("5i"))).as(START).isEqualTo(Piece.of(Color.SENTE, Role.KING));
        assertThat(p.pieceAt(Square.parse("8h"))).as(START).isEqualTo(Piece.of(Color.SENTE, Role.BISHOP));
        assertThat(p.pieceAt(Square.parse("2h"))).as(START).isEqualTo(Piece.of(Color.SENTE, Role.ROOK));
        assertThat(p.pieceAt(Square.parse("8b"))).as(START).isEqualTo(Piece.of(Color.GOTE, Role.ROOK));
        assertThat(p.pieceAt(Square.parse("2b"))).as(START).isEqualTo(Piece.of(Color.GOTE, Role.BISHOP));
        assertThat(p.pieceAt(Square.parse("1a"))).as(START).isEqualTo(Piece.of(Color.GOTE, Role.LANCE));
        assertThat(p.pieceAt(Square.parse("9i"))).as(START).isEqualTo(Piece.of(Color.SENTE, Role.LANCE));
        assertThat(p.turn()).as(START).isEqualTo(Color.SENTE);
        assertThat(p.moveNumber()).as(START).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void handicapSfensParseAndFormatBack(Handicap h) {
        Setup s = Sfen.parse(h.sfen());
        assertThat(Sfen.format(s)).as(h.sfen()).isEqualTo(h.sfen());
        assertThat(s.turn()).as(h.sfen()).isEqualTo(h == Handicap.EVEN ? Color.SENTE : Color.GOTE);
        assertThat(Sfen.format(Sfen.position(h.sfen()))).as(h.sfen()).isEqualTo(h.sfen());
    }

    @Test
    void promotedPieces() {
        String sfen = "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200";
        Setup s = Sfen.parse(sfen);
        assertThat(s.piece(Square.parse("9a"))).as(sfen).isEqualTo(Piece.of(Color.SENTE, Role.DRAGON));
        assertThat(s.piece(Square.parse("8a"))).as(sfen).isEqualTo(Piece.of(Color.SENTE, Role.PRO_KNIGHT));
        assertThat(s.piece(Square.parse("7a"))).as(sfen).isEqualTo(Piece.of(Color.SENTE, Role.PRO_SILVER));
        assertThat(s.piece(Square.parse("9b"))).as(sfen).isEqualTo(Piece.of(Color.SENTE, Role.HORSE));
        assertThat(s.piece(Square.parse("5b"))).as(sfen).isEqualTo(Piece.of(Color.SENTE, Role.PRO_LANCE));
        assertThat(s.piece(Square.parse("8c"))).as(sfen).isEqualTo(Piece.of(Color.SENTE, Role.PRO_LANCE));
        assertThat(s.piece(Square.parse("9c"))).as(sfen).isEqualTo(Piece.of(Color.SENTE, Role.PAWN));
        assertThat(s.handCount(Color.SENTE, Role.PAWN)).as(sfen).isEqualTo(9);
        assertThat(s.moveNumber()).as(sfen).isEqualTo(200);
        assertThat(Sfen.format(s)).as(sfen).isEqualTo(sfen);

        String gote = "4k4/9/9/9/9/9/9/9/+p+l+n+s+b+rK2 w - 1";
        Setup g = Sfen.parse(gote);
        assertThat(g.piece(Square.parse("9i"))).as(gote).isEqualTo(Piece.of(Color.GOTE, Role.TOKIN));
        assertThat(g.piece(Square.parse("4i"))).as(gote).isEqualTo(Piece.of(Color.GOTE, Role.DRAGON));
        assertThat(g.piece(Square.parse("5i"))).as(gote).isEqualTo(Piece.of(Color.GOTE, Role.HORSE));
        assertThat(Sfen.format(g)).as(gote).isEqualTo(gote);
    }

    @Test
    void handsWithCountsAndAnyOrder() {
        String sfen = KINGS + " w 10p 1";
        assertThat(Sfen.parse(sfen).handCount(Color.GOTE, Role.PAWN)).as(sfen).isEqualTo(10);
        assertThat(Sfen.format(Sfen.parse(sfen))).as(sfen).isEqualTo(sfen);

        String mixed = KINGS + " b SPbslpppp 1";
        Setup s = Sfen.parse(mixed);
        assertThat(s.handCount(Color.SENTE, Role.SILVER)).as(mixed).isEqualTo(1);
        assertThat(s.handCount(Color.SENTE, Role.PAWN)).as(mixed).isEqualTo(1);
        assertThat(s.handCount(Color.GOTE, Role.PAWN)).as(mixed).isEqualTo(4);
        assertThat(Sfen.format(s)).as(mixed).isEqualTo(KINGS + " b SPbsl4p 1");

        String repeated = KINGS + " b 2P3Pp2p 1";
        assertThat(Sfen.parse(repeated).handCount(Color.SENTE, Role.PAWN)).as(repeated).isEqualTo(5);
        assertThat(Sfen.parse(repeated).handCount(Color.GOTE, Role.PAWN)).as(repeated).isEqualTo(3);

        String full = KINGS + " b 18P4L4N4S2B2R4G 1";
        assertThat(Sfen.format(Sfen.parse(full))).as(full).isEqualTo(KINGS + " b 2R2B4G4S4N4L18P 1");
    }

    @Test
    void handOrderIsRookBishopGoldSilverKnightLancePawnSenteFirst() {
        String sfen = KINGS + " b plnsgbrPLNSGBR 1";
        assertThat(Sfen.format(Sfen.parse(sfen))).as(sfen).isEqualTo(KINGS + " b RBGSNLPrbgsnlp 1");
        String goteOnly = KINGS + " b pg 1";
        assertThat(Sfen.format(Sfen.parse(goteOnly))).as(goteOnly).isEqualTo(KINGS + " b gp 1");
        String none = KINGS + " b - 1";
        assertThat(Sfen.format(Sfen.parse(none))).as(none).isEqualTo(none);
    }

    @Test
    void missingMoveNumberIsOne() {
        String sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -";
        assertThat(Sfen.parse(sfen).moveNumber()).as(sfen).isEqualTo(1);
        assertThat(Sfen.format(Sfen.parse(sfen))).as(sfen).isEqualTo(START);
        String big = KINGS + " w - 123456";
        assertThat(Sfen.parse(big).moveNumber()).as(big).isEqualTo(123456);
        assertThat(Sfen.position(big).moveNumber()).as(big).isEqualTo(123456);
    }

    // ------------------------------------------------------------------ malformed text

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            empty                 | ''                                                                    | FIELDS      | 0
            blank                 | '   '                                                                 | FIELDS      | 0
            two fields            | 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b'         | FIELDS      | 59
            five fields           | 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 1'   | FIELDS      | 65
            8 ranks               | 'lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'       | BOARD       | 55
            10 ranks              | 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'   | BOARD       | 49
            rank of 8 squares     | 'lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'      | BOARD       | 14
            rank of 10 (digit)    | 'lnsgkgsnl/1r5b2/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'     | BOARD       | 14
            rank of 10 (piece)    | 'lnsgkgsnlp/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'    | BOARD       | 9
            last rank of 8        | 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1'      | BOARD       | 56
            unknown letter        | 'lnsgkgsnl/1r5b1/ppppppppp/9/4x4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'   | BOARD       | 29
            promoted gold         | 'lnsgkgsnl/1r5b1/ppppppppp/9/3+G4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'  | BOARD       | 30
            promoted king         | 'lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'    | BOARD       | 5
            dangling plus at end  | 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL+ b - 1'    | BOARD       | 58
            plus before a digit   | 'lnsgkgsnl/1r5b1/ppppppppp/9/+9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'    | BOARD       | 29
            plus before a slash   | 'lnsgkgsnl/1r5b1/ppppppppp/9/9+/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'    | BOARD       | 30
            double plus           | 'lnsgkgsnl/1r5b1/ppppppppp/9/4++P4/9/PPPPPPPP1/1B5R1/LNSGKGSNL b - 1' | BOARD       | 30
            bad turn              | 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1'     | TURN        | 58
            upper-case turn       | 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL B - 1'     | TURN        | 58
            three bishops         | '4k4/9/9/9/9/9/9/9/4K4 b 3B 1'                                        | HANDS       | 24
            nineteen pawns        | '4k4/9/9/9/9/9/9/9/4K4 b 19P 1'                                       | HANDS       | 24
            zero pawns            | '4k4/9/9/9/9/9/9/9/4K4 b 0P 1'                                        | HANDS       | 24
            king in hand          | '4k4/9/9/9/9/9/9/9/4K4 b K 1'                                         | HANDS       | 24
            count without letter  | '4k4/9/9/9/9/9/9/9/4K4 b 2 1'                                         | HANDS       | 25
            unknown hand letter   | '4k4/9/9/9/9/9/9/9/4K4 b PX 1'                                        | HANDS       | 25
            huge count            | '4k4/9/9/9/9/9/9/9/4K4 b 100P 1'                                      | HANDS       | 24
            pawns over by repeats | '4k4/9/9/9/9/9/9/9/4K4 b 10PP8P 1'                                    | HANDS       | 28
            move number zero      | '4k4/9/9/9/9/9/9/9/4K4 b - 0'                                         | MOVE_NUMBER | 26
            move number negative  | '4k4/9/9/9/9/9/9/9/4K4 b - -1'                                        | MOVE_NUMBER | 26
            move number letters   | '4k4/9/9/9/9/9/9/9/4K4 b - abc'                                       | MOVE_NUMBER | 26
            move number too big   | '4k4/9/9/9/9/9/9/9/4K4 b - 99999999999'                               | MOVE_NUMBER | 26
            move number fullwidth | '4k4/9/9/9/9/9/9/9/4K4 b - １２'                                        | MOVE_NUMBER | 26
            move number Arabic    | '4k4/9/9/9/9/9/9/9/4K4 b - ١٢'                                        | MOVE_NUMBER | 26
            """)
    void malformed(String name, String sfen, Reason reason, int index) {
        SfenException e = catchThrowableOfType(SfenException.class, () -> Sfen.parse(sfen));
        assertThat(e).as("%s: %s", name, sfen).isNotNull();
        assertThat(e.reason()).as("%s: %s (%s)", name, sfen, e.getMessage()).isEqualTo(reason);
        assertThat(e.index()).as("%s: %s (%s)", name, sfen, e.getMessage()).isEqualTo(index);
        assertThat(e.input().strip()).as("%s: %s", name, sfen).isEqualTo(sfen.strip());
        assertThat(e.issues()).as("%s: %s: a malformed text breaks no position rule", name, sfen).isEmpty();
        assertThat(e.getMessage()).as("%s: %s", name, sfen).contains(sfen.strip())
                .contains(reason.name().toLowerCase(Locale.ROOT).replace('_', ' '));
        assertThat(e).as("%s: %s", name, sfen).isInstanceOf(IllegalArgumentException.class);
        // Sfen.position reports the same syntax error, not a position error.
        SfenException viaPosition = catchThrowableOfType(SfenException.class, () -> Sfen.position(sfen));
        assertThat(viaPosition.reason()).as("%s via position(): %s", name, sfen).isEqualTo(reason);
    }

    @Test
    void messagesNameTheProblem() {
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 b 3B 1"))
                .isEqualTo("invalid SFEN hands at 24: 3 bishops in sente's hand, a set has 2 in \"4k4/9/9/9/9/9/9/9/4K4 b 3B 1\"");
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 b 19P 1"))
                .isEqualTo("invalid SFEN hands at 24: 19 pawns in sente's hand, a set has 18 in \"4k4/9/9/9/9/9/9/9/4K4 b 19P 1\"");
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 b 0P 1"))
                .isEqualTo("invalid SFEN hands at 24: count 0 is below 1 in \"4k4/9/9/9/9/9/9/9/4K4 b 0P 1\"");
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 b K 1"))
                .isEqualTo("invalid SFEN hands at 24: a king cannot be in hand in \"4k4/9/9/9/9/9/9/9/4K4 b K 1\"");
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 b 2 1"))
                .isEqualTo("invalid SFEN hands at 25: count 2 without a piece letter in \"4k4/9/9/9/9/9/9/9/4K4 b 2 1\"");
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 x - 1"))
                .isEqualTo("invalid SFEN turn at 22: side to move \"x\" is not b or w in \"4k4/9/9/9/9/9/9/9/4K4 x - 1\"");
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 b - abc")).isEqualTo(
                "invalid SFEN move number at 26: move number \"abc\" is not a positive integer in \"4k4/9/9/9/9/9/9/9/4K4 b - abc\"");
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 b - 0"))
                .isEqualTo("invalid SFEN move number at 26: move number 0 is below 1 in \"4k4/9/9/9/9/9/9/9/4K4 b - 0\"");
        // Integer.parseInt reads any Unicode digit: full-width １２ would be move 12.
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 b - １２")).isEqualTo(
                "invalid SFEN move number at 26: move number \"１２\" is not a positive integer in \"4k4/9/9/9/9/9/9/9/4K4 b - １２\"");
        assertThat(message("4k4/9/9/9/4x4/9/9/9/4K4 b - 1"))
                .isEqualTo("invalid SFEN board at 11: unknown piece letter 'x' in \"4k4/9/9/9/4x4/9/9/9/4K4 b - 1\"");
        assertThat(message("4k4/9/9/9/3+G4/9/9/9/4K4 b - 1"))
                .isEqualTo("invalid SFEN board at 12: '+G': a gold cannot promote in \"4k4/9/9/9/3+G4/9/9/9/4K4 b - 1\"");
        assertThat(message("4k4/9/9/9/3+K4/9/9/9/4K4 b - 1"))
                .isEqualTo("invalid SFEN board at 12: '+K': a king cannot promote in \"4k4/9/9/9/3+K4/9/9/9/4K4 b - 1\"");
        assertThat(message("4k4/9/9/9/9/9/9/4K4 b - 1"))
                .isEqualTo("invalid SFEN board at 19: the board has 8 ranks, not 9 in \"4k4/9/9/9/9/9/9/4K4 b - 1\"");
        assertThat(message("4k4/9/9/9/9/9/9/9/9/4K4 b - 1"))
                .isEqualTo("invalid SFEN board at 19: more than 9 ranks in \"4k4/9/9/9/9/9/9/9/9/4K4 b - 1\"");
        assertThat(message("4k4/8/9/9/9/9/9/9/4K4 b - 1"))
                .isEqualTo("invalid SFEN board at 5: rank 2 has 8 squares, not 9 in \"4k4/8/9/9/9/9/9/9/4K4 b - 1\"");
        assertThat(message("4k4/82/9/9/9/9/9/9/4K4 b - 1"))
                .isEqualTo("invalid SFEN board at 5: rank 2 has more than 9 squares in \"4k4/82/9/9/9/9/9/9/4K4 b - 1\"");
    }

    /**
     * {@code startpos} is a whole position; a USI move list after it is not read as a board with a letter 't'.
     * The index and the quoted input count from {@code startpos}, after an optional {@code sfen } prefix.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            startpos moves 7g7f | moves 7g7f | startpos moves 7g7f
            startpos b - 1      | b - 1      | startpos b - 1
            sfen startpos 7g7f  | 7g7f       | startpos 7g7f
            """)
    void startposTakesNoOtherFields(String text, String rest, String input) {
        SfenException e = catchThrowableOfType(SfenException.class, () -> Sfen.parse(text));
        assertThat(e).as(text).isNotNull();
        assertThat(e.reason()).as("%s (%s)", text, e.getMessage()).isEqualTo(Reason.FIELDS);
        assertThat(e.index()).as(text).isEqualTo(9);
        assertThat(e.input()).as(text).isEqualTo(input);
        assertThat(e).as(text).hasMessage("invalid SFEN fields at 9: startpos is a whole position and takes no other fields, found \""
                + rest + "\" in \"" + input + "\"");
    }

    @Test
    void nullAndBlankAreRejected() {
        SfenException e = catchThrowableOfType(SfenException.class, () -> Sfen.parse(null));
        assertThat(e.reason()).isEqualTo(Reason.FIELDS);
        assertThat(e.index()).isZero();
        assertThat(e.input()).isEmpty();
        assertThat(e).hasMessage("invalid SFEN fields at 0: no SFEN given in \"\"");
        SfenException blank = catchThrowableOfType(SfenException.class, () -> Sfen.parse("  "));
        assertThat(blank.reason()).isEqualTo(Reason.FIELDS);
        assertThat(blank).hasMessage("invalid SFEN fields at 0: empty SFEN in \"  \"");
    }

    @Test
    void onlyAsciiLettersArePieces() {
        // Character.toUpperCase('ſ') is 'S': the long s was read as a gote silver.
        assertThat(message("4k4/9/9/9/4ſ4/9/9/9/4K4 b - 1"))
                .isEqualTo("invalid SFEN board at 11: unknown piece letter 'ſ' in \"4k4/9/9/9/4ſ4/9/9/9/4K4 b - 1\"");
        assertThat(message("4k4/9/9/9/9/9/9/9/4K4 b 2ſ 1"))
                .isEqualTo("invalid SFEN hands at 25: unknown piece letter 'ſ' in \"4k4/9/9/9/9/9/9/9/4K4 b 2ſ 1\"");
    }

    private static String message(String sfen) {
        SfenException e = catchThrowableOfType(SfenException.class, () -> Sfen.parse(sfen));
        assertThat(e).as(sfen).isNotNull();
        return e.getMessage();
    }

    // ------------------------------------------------------------------ position rules

    /** What a position error says, in words, for each issue. */
    private static final java.util.Map<String, String> PHRASES = java.util.Map.of(
            "NO_KING", "no king", "TOO_MANY_KINGS", " kings, on ", "NIFU", "unpromoted pawns on file",
            "DEAD_PIECE", "could never move", "OPPONENT_IN_CHECK", "is in check but",
            "TOO_MANY_PIECES", "on the board and in hand, a set has");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no sente king           | 4k4/9/9/9/9/9/9/9/9 w - 1             | NO_KING | -1
            no gote king            | 9/9/9/9/9/9/9/9/4K4 b - 1             | NO_KING | -1
            no kings at all         | 9/9/9/9/9/9/9/9/9 b - 1               | NO_KING | -1
            two sente kings         | 4k4/9/9/9/9/9/9/9/3KK4 b - 1          | TOO_MANY_KINGS | 20
            two gote kings          | 3kk4/9/9/9/9/9/9/9/4K4 b - 1          | TOO_MANY_KINGS | 2
            sente nifu              | 4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1       | NIFU | 17
            gote nifu               | 4k4/9/p8/9/p8/9/9/9/4K4 b - 1         | NIFU | 11
            sente pawn on rank 1    | P3k4/9/9/9/9/9/9/9/4K4 b - 1          | DEAD_PIECE | 0
            sente lance on rank 1   | 4k3L/9/9/9/9/9/9/9/4K4 b - 1          | DEAD_PIECE | 3
            sente knight on rank 1  | 4k2N1/9/9/9/9/9/9/9/4K4 b - 1         | DEAD_PIECE | 3
            sente knight on rank 2  | 4k4/N8/9/9/9/9/9/9/4K4 b - 1          | DEAD_PIECE | 4
            gote pawn on rank 9     | 4k4/9/9/9/9/9/9/9/p3K4 b - 1          | DEAD_PIECE | 18
            gote lance on rank 9    | 4k4/9/9/9/9/9/9/9/4K3l b - 1          | DEAD_PIECE | 21
            gote knight on rank 8   | 4k4/9/9/9/9/9/9/n8/4K4 b - 1          | DEAD_PIECE | 16
            gote in check, b moves  | 4k4/4R4/9/9/9/9/9/9/4K4 b - 1         | OPPONENT_IN_CHECK | 1
            sente in check, w moves | 4k4/9/9/9/9/9/9/9/r3K4 w - 1          | OPPONENT_IN_CHECK | 20
            three bishops           | 4k4/9/9/9/9/9/9/9/B3K3B b B 1         | TOO_MANY_PIECES | -1
            19 pawns                | 4k4/9/9/9/9/9/PPPPPPPPP/9/4K4 b 10P 1 | TOO_MANY_PIECES | -1
            four golds are a set    | 4k4/9/9/9/9/9/9/9/GG1GK4 b G 1        | NONE | 0
            5 silvers via promoted  | 4k4/9/9/9/9/9/9/9/SS+S+SK4 b s 1      | TOO_MANY_PIECES | -1
            """)
    void positionRules(String name, String sfen, String issue, int index) {
        Setup s = Sfen.parse(sfen);
        Set<PositionIssue> expected = issue.equals("NONE") ? Set.of() : Set.of(PositionIssue.valueOf(issue));
        assertThat(Position.validate(s, false)).as("%s: %s", name, sfen).isEqualTo(expected);
        if (expected.isEmpty()) {
            assertThat(Sfen.format(Position.of(s))).as(sfen).isEqualTo(sfen);
            return;
        }
        IllegalPositionException e = catchThrowableOfType(IllegalPositionException.class, () -> Position.of(s));
        assertThat(e).as("%s: %s", name, sfen).isNotNull();
        assertThat(e.issues()).as("%s: %s", name, sfen).isEqualTo(expected);
        SfenException viaSfen = catchThrowableOfType(SfenException.class, () -> Sfen.position(sfen));
        assertThat(viaSfen.reason()).as("%s via Sfen.position: %s", name, sfen).isEqualTo(Reason.POSITION);
        assertThat(viaSfen.issues()).as("%s via Sfen.position: %s", name, sfen).isEqualTo(expected);
        assertThat(viaSfen.getMessage()).as(sfen).contains(PHRASES.get(issue)).contains(sfen).doesNotContain(issue)
                .doesNotContain("[");
        assertThat(viaSfen.index()).as("%s: the index of the piece at fault in %s (-1: the whole position's)", name, sfen)
                .isEqualTo(index);
        assertThat(viaSfen.getMessage()).as(sfen).doesNotContain("illegal position")
                .contains(index < 0 ? "invalid SFEN position: " : "invalid SFEN position at " + index + ": ");
    }

    @Test
    void kingsOfOneSideAreNamedInTheOrderADiagramShowsThem() {
        // Squares were scanned from 1a: of kk7 the king on 9a was called the second one.
        assertThat(positionMessage("kk7/9/9/9/9/9/9/9/4K4 b - 1"))
                .isEqualTo("invalid SFEN position at 1: gote has 2 kings, on 9a and 8a in \"kk7/9/9/9/9/9/9/9/4K4 b - 1\"");
        assertThat(positionMessage("4k4/9/9/9/9/9/9/K8/K3K4 b - 1"))
                .isEqualTo("invalid SFEN position at 19: sente has 3 kings, on 9h, 9i and 5i in \"4k4/9/9/9/9/9/9/K8/K3K4 b - 1\"");
        assertThat(positionMessage("kk7/9/9/9/9/9/9/9/K3K4 b - 1")).isEqualTo("invalid SFEN position at 20: sente has 2 kings, on 9i"
                + " and 5i; gote has 2 kings, on 9a and 8a in \"kk7/9/9/9/9/9/9/9/K3K4 b - 1\"");
    }

    private static String positionMessage(String sfen) {
        SfenException e = catchThrowableOfType(SfenException.class, () -> Sfen.position(sfen));
        assertThat(e).as(sfen).isNotNull();
        assertThat(e.reason()).as(sfen).isEqualTo(Reason.POSITION);
        return e.getMessage();
    }

    @Test
    void severalIssuesAreAllReported() {
        String sfen = "P3k4/9/9/9/9/4P4/4P4/9/9 b - 1";
        Setup s = Sfen.parse(sfen);
        assertThat(Position.validate(s, false)).as(sfen)
                .isEqualTo(EnumSet.of(PositionIssue.DEAD_PIECE, PositionIssue.NIFU, PositionIssue.NO_KING));
        IllegalPositionException e = catchThrowableOfType(IllegalPositionException.class, () -> Position.of(s));
        assertThat(e.issues()).as(sfen)
                .containsExactlyInAnyOrder(PositionIssue.DEAD_PIECE, PositionIssue.NIFU, PositionIssue.NO_KING);
        assertThat(e.getMessage()).as(sfen).contains("sente has no king").contains("sente has 2 unpromoted pawns on file 5 (nifu)")
                .contains("sente's pawn on 9a could never move");
    }

    @Test
    void aHandCountAsLargeAsAnIntIsStillTooManyPieces() {
        // A record reader may hand over any int as a count (JKF's "FU": 2147483647); with the pawn on the board the
        // sum once wrapped round to a negative count, and the position passed with a garbled hand.
        Setup s = Sfen.parse("4k4/9/9/9/9/9/P8/9/4K4 b - 1").withHand(Color.SENTE, Role.PAWN, Integer.MAX_VALUE);

        assertThat(Position.validate(s, false)).containsExactly(PositionIssue.TOO_MANY_PIECES);
        assertThatThrownBy(() -> Position.ofRecord(s)).isInstanceOf(IllegalPositionException.class)
                .hasMessageContaining("2147483648 pawns on the board and in hand, a set has 18");
    }

    @Test
    void tsumeAllowsEitherSideToLackItsKing() {
        String attackerKingless = "4k4/9/9/9/9/9/9/9/9 b 2G 1";
        assertThat(Sfen.tsume(attackerKingless).kingSquare(0)).as(attackerKingless).isEqualTo(Position.NO_SQUARE);
        assertThat(Position.validate(Sfen.parse(attackerKingless), true)).as(attackerKingless).isEmpty();
        assertThat(Position.validate(Sfen.parse(attackerKingless), false)).as(attackerKingless)
                .containsExactly(PositionIssue.NO_KING);
        assertThatThrownBy(() -> Sfen.position(attackerKingless)).as(attackerKingless)
                .isInstanceOf(SfenException.class).hasMessageContaining("sente has no king");

        String goteAttacker = "9/9/9/9/9/9/9/9/4K4 w 2g 1";
        assertThat(Sfen.tsume(goteAttacker).kingSquare(1)).as(goteAttacker).isEqualTo(Position.NO_SQUARE);

        // After the attacker's move: the defender is to move and the attacker still has no king.
        String afterAttack = "4k4/4G4/9/9/9/9/9/9/9 w G 2";
        Position p = Sfen.tsume(afterAttack);
        assertThat(p.kingSquare(0)).as(afterAttack).isEqualTo(Position.NO_SQUARE);
        assertThat(p.inCheck()).as(afterAttack).isTrue();
        assertThat(p.isCheckmate()).as(afterAttack).isFalse();
        assertThat(Position.validate(Sfen.parse(afterAttack), true)).as(afterAttack).isEmpty();

        String noKings = "9/9/9/9/9/9/9/9/9 b 2G 1";
        assertThat(Position.validate(Sfen.parse(noKings), true)).as(noKings).containsExactly(PositionIssue.NO_KING);
        SfenException viaSfen = catchThrowableOfType(SfenException.class, () -> Sfen.tsume(noKings));
        assertThat(viaSfen.reason()).as(noKings).isEqualTo(Reason.POSITION);
        assertThat(viaSfen.getMessage()).as(noKings).contains("neither side has a king").doesNotContain("NO_KING");
    }

    @Test
    void problemReadsLegalTsumeAndComposedPositionsAndReportsTheProblemReadingsReason() {
        String legal = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assertThat(Sfen.format(Sfen.problem("sfen " + legal))).isEqualTo(legal);
        String kingless = "4k4/9/9/9/9/9/9/9/9 b 2G 1";
        assertThat(Sfen.problem(kingless).kingSquare(0)).as(kingless).isEqualTo(Position.NO_SQUARE);
        // 九歩 (the nine-pawns classic): gote's nine pawns on one file, which no game could reach.
        String ninePawns = "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1";
        assertThatThrownBy(() -> Sfen.tsume(ninePawns)).isInstanceOf(SfenException.class);
        Position composed = Sfen.problem(ninePawns);
        assertThat(Sfen.format(composed)).isEqualTo(ninePawns);
        assertThat(composed.sideToMove()).isEqualTo(Color.SENTE.index());

        SfenException malformed = catchThrowableOfType(SfenException.class, () -> Sfen.problem("4k4/9/9 b - 1"));
        assertThat(malformed.reason()).isEqualTo(Reason.BOARD);
        String noKings = "9/9/9/9/9/9/9/9/9 b 2G 1";
        SfenException none = catchThrowableOfType(SfenException.class, () -> Sfen.problem(noKings));
        assertThat(none.reason()).as(noKings).isEqualTo(Reason.POSITION);
        assertThat(none.getMessage()).as(noKings).isEqualTo("invalid SFEN position: neither side has a king in \"9/9/9/9/9/9/9/9/9 b 2G 1\"");
        assertThat(none.issues()).as(noKings).containsExactly(PositionIssue.NO_KING);
        // The refusal is the problem reading's: the attacker may lack a king, so only the defender's two count.
        String twoKings = "kk7/9/9/9/9/9/9/9/9 b G 1";
        SfenException two = catchThrowableOfType(SfenException.class, () -> Sfen.problem(twoKings));
        assertThat(two.issues()).as(twoKings).containsExactly(PositionIssue.TOO_MANY_KINGS);
        assertThat(two.getMessage()).as(twoKings)
                .isEqualTo("invalid SFEN position at 1: gote has 2 kings, on 9a and 8a in \"kk7/9/9/9/9/9/9/9/9 b G 1\"");
    }

    @Test
    void errorMessagesEscapeControlCharactersAndQuoteAnExcerpt() {
        String hostile = "4k4/9/9/9/\u001b[31m/9/9/9/4K4 b - 1";
        SfenException e = catchThrowableOfType(SfenException.class, () -> Sfen.parse(hostile));
        assertThat(e.getMessage()).as(hostile).contains("'\\u001b'").contains("\\u001b[31m").doesNotContain("\u001b");
        assertThat(e.input()).isEqualTo(hostile);

        String newline = "4k4/9/9/9/9/9/9/9/4K4 b\n - 1";
        assertThat(catchThrowableOfType(SfenException.class, () -> Sfen.parse(newline)).getMessage()).doesNotContain("\n");

        String huge = "4k4/9/9/9/9/9/9/9/4K4 b - " + "9".repeat(1_000_000);
        SfenException big = catchThrowableOfType(SfenException.class, () -> Sfen.parse(huge));
        assertThat(big.reason()).isEqualTo(Reason.MOVE_NUMBER);
        assertThat(big.getMessage()).hasSizeLessThan(400).contains("…");
        assertThat(big.input()).hasSize(huge.length());
    }

    @Test
    void sideToMoveMayBeInCheck() {
        String sfen = "4k4/4R4/9/9/9/9/9/9/4K4 w - 1";
        Position p = Sfen.position(sfen);
        assertThat(p.inCheck()).as(sfen).isTrue();
        assertThat(p.checkers().squares()).as(sfen).containsExactly(Square.parse("5b"));
    }
}
