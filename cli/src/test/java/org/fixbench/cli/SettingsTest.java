package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.Setting;
import org.junit.jupiter.api.Test;

/** What engines publish of their settings, and settings given on the command line. */
class SettingsTest {
    @Test
    void everyKeyOfEveryProfileFileIsAPublishedSettingWithAnAllowedValue() {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (FixEngine engine : EngineSpec.available().values()) {
            List<Setting> settings = EngineSpec.settingsOf(engine);
            for (String profile : FixConfigs.profiles(engine.name())) {
                Properties p = FixConfigs.properties(FixConfigs.profileFile(engine.name(), profile));
                for (String key : p.stringPropertyNames()) {
                    if (key.startsWith("[")) {
                        continue; // a QuickFIX/J section header
                    }
                    checked++;
                    Setting s = settings.stream().filter(x -> x.key().equals(key)).findFirst().orElse(null);
                    String problem = s == null ? "not published" : s.problem(p.getProperty(key));
                    if (problem != null) {
                        problems.add(engine.name() + ":" + profile + " " + key + "=" + p.getProperty(key) + ": "
                                + problem);
                    }
                }
            }
        }
        assertTrue(checked > 50, "checked " + checked + " keys");
        assertEquals(List.of(), problems);
    }

    @Test
    void aSettingOnTheCommandLineMakesAProfileThatSaysSoAndReparses() throws Exception {
        EngineSpec spec = EngineSpec.parse("sbe:tuned+idle=yield+validation=dictionary");
        assertEquals("sbe:tuned+idle=yield+validation=dictionary", spec.label());
        assertEquals(Map.of("idle", "yield", "validation", "dictionary"), spec.overrides());
        Path file = spec.profileFile();
        assertFalse(file.equals(spec.baseProfileFile()));
        Properties effective = FixConfigs.properties(file);
        assertEquals("yield", effective.getProperty("idle"), "the override wins over the file's spin");
        assertEquals("dictionary", effective.getProperty("validation"));
        assertEquals(FixConfigs.properties(spec.baseProfileFile()).getProperty("storeBytes"),
                effective.getProperty("storeBytes"), "the rest is the profile's");
        assertTrue(Files.readString(file).contains("# set on the command line (sbe:tuned+idle=yield"));
        assertEquals(spec.label(), EngineSpec.parse(spec.label()).label(), "a label parses back to the same spec");
        assertEquals(spec.overrides(), EngineSpec.parse(spec.label()).overrides());
        assertEquals(spec.baseProfileFile(), EngineSpec.parse("sbe:tuned").profileFile());
    }

    @Test
    void badSettingsAreRefusedInOneLine() {
        for (String[] bad : new String[][] {
                {"sbe:tuned+idel=yield", "engine sbe has no setting 'idel'"},
                {"sbe:tuned+idle=fast", "sbe:tuned+idle=fast: idle must be spin or yield or backoff"},
                {"sbe:tuned+maxMessageBytes=0", "sbe:tuned+maxMessageBytes=0: maxMessageBytes must be 1 or more"},
                {"sbe:tuned+maxMessageBytes=lots", "must be a whole number"},
                {"sbe:tuned+idle=spin", "the profile tuned already sets idle=spin"},
                {"sbe:tuned+idle=yield+idle=backoff", "idle is given twice"},
                {"sbe:tuned+idle", "'idle' is not KEY=VALUE"},
                {"quickfixj:tuned+UseDataDictionary=maybe", "UseDataDictionary must be Y or N"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse(bad[0]));
            assertTrue(e.getMessage().contains(bad[1]), bad[0] + " -> " + e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void theListingNamesEverySettingAndWhatEachProfileSets() {
        String md = SettingsCommand.markdown(EngineSpec.engine("quickfixj"));
        // profiles in columns, by name: file, published, synced, tuned
        assertTrue(md.contains("| `UseDataDictionary` | Y, N | Y | N | Y | N | N |"), md);
        assertTrue(md.contains("| `FileStoreSync` | Y, N | N | N |  | Y |  |"), md);
        for (Setting s : EngineSpec.settingsOf(EngineSpec.engine("quickfixj"))) {
            assertTrue(md.contains("| `" + s.key() + "` |"), s.key());
        }
    }
}
