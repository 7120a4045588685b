package dev.meijin.cli;

import dev.meijin.engine.Engine;
import dev.meijin.engine.usi.UsiProtocol;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code meijin usi}: the USI engine on standard input and output, for shogi GUIs. */
@Command(name = "usi", description = "Run the USI engine on standard input and output (register this command in a shogi GUI).")
final class UsiCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Override
    public Integer call() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(main.input(), StandardCharsets.UTF_8));
        try (Engine engine = new Engine()) {
            UsiProtocol.to(engine, spec.commandLine().getOut()).run(in);
        }
        return Main.OK;
    }
}
