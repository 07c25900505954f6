package org.fixbench.harness.machine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * What a JVM's JIT compilers are compiling and have queued, as {@code jcmd PID Compiler.queue} prints it: this JVM's
 * through the DiagnosticCommand MBean, another's through the {@code jcmd} beside this JVM's {@code java}. Read only
 * outside measured runs (a warm-up that ends at its cap names what was still compiling).
 */
public final class CompileQueue {
    private static final Pattern METHOD = Pattern.compile("([\\w$.]+::[\\w$<>]+)");

    private CompileQueue() {
    }

    /** The methods named in the queue of this JVM (pid -1 or this pid) or another, at most {@code limit}. */
    public static List<String> methods(long pid, int limit) {
        String text = pid < 0 || pid == ProcessHandle.current().pid() ? own() : other(pid);
        return parse(text, limit);
    }

    /** The distinct {@code Class::method} names in a {@code Compiler.queue} listing, current compiles first. */
    static List<String> parse(String text, int limit) {
        Set<String> names = new LinkedHashSet<>();
        if (text != null) {
            Matcher m = METHOD.matcher(text);
            while (m.find() && names.size() < limit) {
                names.add(m.group(1));
            }
        }
        return new ArrayList<>(names);
    }

    private static String own() {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerQueue",
                    new Object[] {null}, new String[] {String[].class.getName()});
        } catch (Exception | Error e) {
            return null;
        }
    }

    private static String other(long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            return null;
        }
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Compiler.queue")
                    .redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
