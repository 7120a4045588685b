package dev.meijin.notation.jkf;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.meijin.testdata.TestData;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** JSON helpers for the JKF tests: parsing, a readable tree difference, and the JKF JSON Schema. */
final class JsonTrees {
    private JsonTrees() {}

    static final ObjectMapper MAPPER = new ObjectMapper();

    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(parse(TestData.text("jkf/shogi-kifu-converter/specification/json-kifu-format.schema.json", StandardCharsets.UTF_8)));

    static JsonNode parse(String json) {
        return MAPPER.readTree(json);
    }

    /** The schema violations of a JKF text, one line each; empty when it is valid. */
    static List<String> schemaErrors(String json) {
        List<String> out = new ArrayList<>();
        for (Error e : SCHEMA.validate(parse(json))) {
            out.add(e.toString());
        }
        return out;
    }

    /**
     * The differences between two JSON trees, one line per differing path; object key order does not count,
     * and numbers compare by value.
     */
    static List<String> diff(JsonNode expected, JsonNode actual) {
        List<String> out = new ArrayList<>();
        diff("$", expected, actual, out);
        return out;
    }

    private static void diff(String path, JsonNode e, JsonNode a, List<String> out) {
        if (out.size() > 50) {
            return;
        }
        if (e == null || a == null) {
            out.add(path + ": expected " + e + ", actual " + a);
        } else if (e.isObject() && a.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            e.properties().forEach(m -> keys.add(m.getKey()));
            a.properties().forEach(m -> keys.add(m.getKey()));
            for (String k : keys) {
                diff(path + "." + k, e.get(k), a.get(k), out);
            }
        } else if (e.isArray() && a.isArray()) {
            if (e.size() != a.size()) {
                out.add(path + ": expected " + e.size() + " elements, actual " + a.size());
            }
            for (int i = 0; i < Math.min(e.size(), a.size()); i++) {
                diff(path + "[" + i + "]", e.get(i), a.get(i), out);
            }
        } else if (e.isNumber() && a.isNumber()) {
            if (e.decimalValue().compareTo(a.decimalValue()) != 0) {
                out.add(path + ": expected " + e + ", actual " + a);
            }
        } else if (!e.equals(a)) {
            out.add(path + ": expected " + e + ", actual " + a);
        }
    }

    /** Renames an object member in place, keeping its value. */
    static void rename(JsonNode object, String from, String to) {
        tools.jackson.databind.node.ObjectNode o = (tools.jackson.databind.node.ObjectNode) object;
        JsonNode v = o.remove(from);
        if (v != null) {
            o.set(to, v);
        }
    }
}
