package dev.meijin.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.game.Declaration;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.PositionIssue;
import dev.meijin.engine.MoveQuality;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.server.round.ErrorCode;
import dev.meijin.server.round.HandicapView;
import dev.meijin.server.round.Views;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The interface strings: every key the client's modules and pages look up is in the one table of
 * {@code web/js/i18n.js}, with a Japanese and an English text that use the same placeholders; and every end
 * reason of the rules core ({@link Ending}, sent as the outcome's reason) and every reason a declaration fails for
 * ({@link Declaration.Reason}, sent as the outcome's {@code declarationFailure}) has a translation; so has every
 * error code a person can meet in the pages ({@link ErrorCode}) and every rule a refused move breaks (the error's
 * {@code reason}). The lobby's table of handicaps holds every handicap of the core with the names the server sends.
 */
final class StringTableTest {

    private static final Pattern ENTRY = Pattern.compile("^\\s*'?([\\w.]+)'?: \\['((?:[^'\\\\]|\\\\.)*)', '((?:[^'\\\\]|\\\\.)*)'\\],$",
            Pattern.MULTILINE);
    private static final Pattern LOOKUP = Pattern.compile("\\bt\\('([\\w.]+)'");
    private static final Pattern MARKUP = Pattern.compile("data-i18n=\"([\\w.]+)\"");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\w+)}");

    private static Map<String, String[]> table() throws IOException {
        String js = Files.readString(Browser.webRoot().resolve("js/i18n.js"), StandardCharsets.UTF_8);
        Map<String, String[]> table = new LinkedHashMap<>();
        Matcher m = ENTRY.matcher(js);
        while (m.find()) {
            assertThat(table.put(m.group(1), new String[] {m.group(2), m.group(3)})).as("key %s defined twice", m.group(1)).isNull();
        }
        assertThat(table).as("entries read from i18n.js").hasSizeGreaterThan(100);
        return table;
    }

    @Test
    void everyKeyTheClientLooksUpIsInTheTable() throws IOException {
        Map<String, String[]> table = table();
        List<String> missing = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Browser.webRoot())) {
            for (Path file : files.filter(f -> f.toString().endsWith(".js") || f.toString().endsWith(".html")).toList()) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                for (Pattern p : List.of(LOOKUP, MARKUP)) {
                    Matcher m = p.matcher(text);
                    while (m.find()) {
                        if (!table.containsKey(m.group(1))) {
                            missing.add(file.getFileName() + ": " + m.group(1));
                        }
                    }
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void bothLanguagesHaveATextWithTheSamePlaceholders() throws IOException {
        table().forEach((key, texts) -> {
            assertThat(texts[0]).as("Japanese text of %s", key).isNotBlank();
            assertThat(texts[1]).as("English text of %s", key).isNotBlank();
            assertThat(placeholders(texts[0])).as("placeholders of %s", key).isEqualTo(placeholders(texts[1]));
        });
    }

    @Test
    void everyEndReasonOfTheProtocolIsTranslated() throws IOException {
        Map<String, String[]> table = table();
        for (Ending reason : Ending.values()) {
            assertThat(table).as("reason %s", reason).containsKey("reason." + reason.name());
        }
    }

    @Test
    void everyGradeOfAnAnalysedMoveIsTranslatedAsTheCommandLineWordsIt() throws IOException {
        Map<String, String[]> table = table();
        for (MoveQuality q : MoveQuality.values()) {
            assertThat(table).as("quality %s", q).containsKey("quality." + q.name());
            assertThat(table.get("quality." + q.name())[0]).isEqualTo(q.japanese());
            assertThat(table.get("quality." + q.name())[1]).isEqualToIgnoringCase(q.english());
        }
    }

    @Test
    void everyReasonAnImpasseDeclarationFailsForIsTranslated() throws IOException {
        Map<String, String[]> table = table();
        for (Declaration.Reason reason : Declaration.Reason.values()) {
            if (!reason.stands() && reason != Declaration.Reason.NO_DECLARATION_RULE) {
                assertThat(table).as("declaration failure %s", reason).containsKey("declarationFailure." + reason.name());
            }
        }
    }

    @Test
    void everyErrorAPersonCanMeetIsTranslated() throws IOException {
        Map<String, String[]> table = table();
        // Only a request the pages never make gets these; the server's message is shown for them as it is.
        Set<ErrorCode> onlyFromOtherClients = EnumSet.of(ErrorCode.BAD_JSON, ErrorCode.UNKNOWN_TYPE, ErrorCode.UNKNOWN_ROUTE,
                ErrorCode.METHOD_NOT_ALLOWED);
        for (ErrorCode code : ErrorCode.values()) {
            if (!onlyFromOtherClients.contains(code)) {
                assertThat(table).as("error %s", code.wire()).containsKey("errors." + code.wire());
            }
        }
    }

    @Test
    void everyRuleARefusedMoveBreaksIsTranslated() throws IOException {
        Map<String, String[]> table = table();
        // These three are sent as their own error codes, without a reason.
        Set<IllegalMoveReason> ownCodes = EnumSet.of(IllegalMoveReason.NOT_YOUR_TURN, IllegalMoveReason.STALE_PLY,
                IllegalMoveReason.GAME_OVER);
        for (IllegalMoveReason reason : IllegalMoveReason.values()) {
            if (!ownCodes.contains(reason)) {
                assertThat(table).as("illegal move reason %s", reason).containsKey("illegalMove." + reason.name());
            }
        }
    }

    @Test
    void everyKindOfRecordProblemAndEveryRuleOfAStartHasASentenceAndNoOtherDoes() throws IOException {
        Map<String, String[]> table = table();
        assertThat(keysUnder(table, "problem.")).as("problem.* keys against Problem.Kind")
                .isEqualTo(names(Problem.Kind.values()));
        assertThat(keysUnder(table, "positionIssue.")).as("positionIssue.* keys against PositionIssue")
                .isEqualTo(names(PositionIssue.values()));
    }

    private static Set<String> keysUnder(Map<String, String[]> table, String prefix) {
        Set<String> keys = new TreeSet<>();
        for (String key : table.keySet()) {
            if (key.startsWith(prefix)) {
                keys.add(key.substring(prefix.length()));
            }
        }
        return keys;
    }

    private static Set<String> names(Enum<?>[] constants) {
        Set<String> names = new TreeSet<>();
        for (Enum<?> c : constants) {
            names.add(c.name());
        }
        return names;
    }

    @Test
    void theLobbyNamesEveryHandicapAsTheServerDoes() throws IOException {
        String js = Files.readString(Browser.webRoot().resolve("js/lobby.js"), StandardCharsets.UTF_8);
        String table = js.substring(js.indexOf("export const HANDICAPS = ["), js.indexOf("];", js.indexOf("export const HANDICAPS = [")));
        List<String> rows = new ArrayList<>();
        Matcher m = Pattern.compile("\\['(\\w+)', '([^']+)', '([^']+)'\\]").matcher(table);
        while (m.find()) {
            rows.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
        }
        List<String> expected = new ArrayList<>();
        for (Handicap h : Handicap.values()) {
            HandicapView v = Views.handicap(h);
            expected.add(v.id() + " " + v.ja() + " " + v.en());
        }
        assertThat(rows).containsExactlyElementsOf(expected);
        assertThat(Views.handicap(Handicap.ROOK).en()).isEqualTo("Rook handicap");
        assertThat(Views.handicap(Handicap.ROOK_LANCE).en()).isEqualTo("Rook and lance handicap");
        assertThat(Views.handicap(Handicap.EVEN).en()).isEqualTo("Even");
        assertThat(Handicap.ROOK.english()).as("the name the command line reads").isEqualTo("Rook");
    }

    private static TreeSet<String> placeholders(String text) {
        TreeSet<String> names = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
