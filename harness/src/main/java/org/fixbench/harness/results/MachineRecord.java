package org.fixbench.harness.results;

import static org.fixbench.harness.machine.Environment.CAPTURED_AT;
import static org.fixbench.harness.machine.Environment.CLASSPATH_JARS;
import static org.fixbench.harness.machine.Environment.CLOCKSOURCE;
import static org.fixbench.harness.machine.Environment.CPU;
import static org.fixbench.harness.machine.Environment.CPUS;
import static org.fixbench.harness.machine.Environment.CPU_MODEL;
import static org.fixbench.harness.machine.Environment.GC;
import static org.fixbench.harness.machine.Environment.GIT_COMMIT;
import static org.fixbench.harness.machine.Environment.GIT_DIRTY;
import static org.fixbench.harness.machine.Environment.GOVERNOR;
import static org.fixbench.harness.machine.Environment.HOST;
import static org.fixbench.harness.machine.Environment.JVM_FLAGS;
import static org.fixbench.harness.machine.Environment.JVM_NAME;
import static org.fixbench.harness.machine.Environment.JVM_VENDOR;
import static org.fixbench.harness.machine.Environment.JVM_VERSION;
import static org.fixbench.harness.machine.Environment.KERNEL;
import static org.fixbench.harness.machine.Environment.NANO_TIME_COST_NANOS;
import static org.fixbench.harness.machine.Environment.NANO_TIME_GRANULARITY_NANOS;

import java.util.List;
import java.util.Map;

import org.fixbench.harness.machine.Environment;

/**
 * Where a results folder's benchmarks ran, as its {@code environment.json} records it, typed: the machine, the JVM,
 * the suite's code and the clock. {@link Environment#capture} writes these keys (each spelled once, below) and
 * {@link #of} reads them back, from every folder since the first: a key an older folder lacks is null here (and a
 * report prints it as {@code null}, as it always did). The keys are {@link Environment}'s.
 *
 * @param cpu the first CPU's identity from /proc/cpuinfo, or null where it was not recorded
 * @param cpus the CPUs the JVM saw
 * @param dirty whether the suite ran from a tree with uncommitted changes
 * @param jarsSha256 SHA-256 over every jar of the class path, or null
 * @param nanoTimeCostNanos what a call of System.nanoTime() cost, measured before the runs (null: not measured)
 */
public record MachineRecord(String capturedAt, String host, String cpuModel, Cpu cpu, Integer cpus, String kernel,
                            String clocksource, String governor, String jvmVendor, String jvmName, String jvmVersion,
                            List<String> jvmFlags, List<String> gc, String gitCommit, boolean dirty,
                            String jarsSha256, Double nanoTimeCostNanos, Long nanoTimeGranularityNanos) {
    public MachineRecord {
        jvmFlags = jvmFlags == null ? null : List.copyOf(jvmFlags);
        gc = gc == null ? null : List.copyOf(gc);
    }

    /** A CPU's identity, each field as /proc/cpuinfo gives it. */
    public record Cpu(String vendor, String family, String model, String stepping, String microcode,
                      String modelName) {
        static Cpu of(Object recorded) {
            if (!(recorded instanceof Map<?, ?> m) || m.isEmpty()) {
                return null;
            }
            return new Cpu(text(m.get("vendor")), text(m.get("family")), text(m.get("model")),
                    text(m.get("stepping")), text(m.get("microcode")), text(m.get("modelName")));
        }

        /** In one line: "model name (vendor family f model m stepping s, microcode x)". */
        public String describe() {
            return modelName + " (" + vendor + " family " + family + " model " + model + " stepping " + stepping
                    + ", microcode " + microcode + ")";
        }
    }

    /** Read from an environment as written (or as a command holds it before writing). */
    public static MachineRecord of(Map<String, ?> env) {
        return new MachineRecord(text(env.get(CAPTURED_AT)), text(env.get(HOST)), text(env.get(CPU_MODEL)),
                Cpu.of(env.get(CPU)), env.get(CPUS) instanceof Number n ? n.intValue() : null, text(env.get(KERNEL)),
                text(env.get(CLOCKSOURCE)), text(env.get(GOVERNOR)), text(env.get(JVM_VENDOR)),
                text(env.get(JVM_NAME)), text(env.get(JVM_VERSION)), texts(env.get(JVM_FLAGS)), texts(env.get(GC)),
                text(env.get(GIT_COMMIT)), Boolean.TRUE.equals(env.get(GIT_DIRTY)),
                env.get(CLASSPATH_JARS) instanceof Map<?, ?> jars ? text(jars.get("all")) : null,
                env.get(NANO_TIME_COST_NANOS) instanceof Number c ? c.doubleValue() : null,
                env.get(NANO_TIME_GRANULARITY_NANOS) instanceof Number g ? g.longValue() : null);
    }

    /** The CPU in one line, or the model name alone where its identity was not recorded. */
    public String cpuDescription() {
        return cpu == null ? String.valueOf(cpuModel) : cpu.describe();
    }

    private static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }

    private static List<String> texts(Object value) {
        return value instanceof List<?> l ? l.stream().map(String::valueOf).toList() : null;
    }
}
