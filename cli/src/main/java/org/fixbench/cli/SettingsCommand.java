package org.fixbench.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.Setting;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** The settings an engine's profiles understand, from the engine itself ({@link FixEngine#settings()}). */
@Command(name = "settings", description = "List the settings an engine understands (for ENGINE:PROFILE+KEY=VALUE), "
        + "with their values, defaults and meaning, and what each of its profiles sets; Markdown")
final class SettingsCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ENGINE")
    String engineName;

    @Override
    public Integer call() {
        FixEngine engine = EngineSpec.engine(engineName);
        System.out.print(markdown(engine));
        return 0;
    }

    static String markdown(FixEngine engine) {
        List<String> profiles = FixConfigs.profiles(engine.name());
        StringBuilder md = new StringBuilder("# Settings of " + engine.name() + "\n\nSet one without editing a file: `"
                + engine.name() + ":" + engine.defaultProfile() + "+KEY=VALUE` (several: `+K=V+K=V`) wherever an "
                + "engine is named. Profiles: " + String.join(", ", profiles) + " (fix-configs/" + engine.name()
                + "/); a profile's column shows what its file sets (blank: the default).\n\n| key | values | default | "
                + String.join(" | ", profiles) + " | meaning |\n|---|---|---|" + "---|".repeat(profiles.size())
                + "---|\n");
        List<java.util.Properties> files = profiles.stream()
                .map(p -> FixConfigs.properties(FixConfigs.profileFile(engine.name(), p))).toList();
        for (Setting s : EngineSpec.settingsOf(engine)) {
            md.append("| `").append(s.key()).append("` | ").append(s.values()).append(" | ").append(s.defaultValue())
                    .append(" | ");
            for (java.util.Properties p : files) {
                String v = p.getProperty(s.key());
                md.append(v == null ? "" : v.trim()).append(" | ");
            }
            md.append(s.meaning().replace("|", "\\|")).append(" |\n");
        }
        return md.toString();
    }
}
