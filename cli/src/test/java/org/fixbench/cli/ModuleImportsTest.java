package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.fixbench.harness.Layers;
import org.junit.jupiter.api.Test;

/**
 * No module uses another's internals: of the engines' packages, each module's main sources name the interface's
 * (org.fixbench.engine) and, for an engine, its own (org.fixbench.engine.NAME) only; the harness, the FIX library and
 * the engines' interface name no engine at all. Read from the import lines and fully qualified names of every
 * module's main sources ({@link Layers}), from the checkout's top folder. The benchmarks are the one exception: they
 * measure engines' internals (sbe's codec steps, each engine's own codec) by design.
 */
class ModuleImportsTest {
    private static final Path ROOT = Path.of("..");
    private static final String ENGINES = "org.fixbench.engine";

    @Test
    void noModuleUsesAnEnginesInternalsButTheEngineItself() throws IOException {
        List<String> wrong = new ArrayList<>();
        int modules = 0;
        for (Path main : mainSources()) {
            modules++;
            String module = ROOT.relativize(main.getParent().getParent()).toString();
            String own = module.startsWith("engines/") && !module.equals("engines/api")
                    ? ENGINES + "." + module.substring("engines/".length()) : null;
            for (Layers.Arrow a : Layers.scan(main.resolve("java"), ENGINES).arrows()) {
                boolean allowed = a.to().equals(ENGINES) || own != null
                        && (a.to().equals(own) || a.to().startsWith(own + "."));
                if (!allowed) {
                    wrong.add(module + ": " + a);
                }
            }
        }
        assertTrue(modules >= 10, "read the main sources of " + modules + " modules");
        assertEquals(List.of(), wrong, "an engine's internals used outside its module");
    }

    /** Every module's {@code src/main} but the benchmarks', from the top folder's pom modules' folders. */
    private static List<Path> mainSources() throws IOException {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(ROOT, 4)) {
            walk.filter(p -> p.endsWith("src/main") && Files.isDirectory(p.resolve("java")))
                    .filter(p -> !p.toString().contains("node_modules") && !p.toString().contains("/target/"))
                    .filter(p -> !ROOT.relativize(p).startsWith("benchmarks"))
                    .sorted().forEach(found::add);
        }
        return found;
    }
}
