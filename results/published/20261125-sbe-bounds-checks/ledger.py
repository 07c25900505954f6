import sys,collections,gzip
# Apportions a JMH op's mean over steps by async-profiler samples: python3 ledger.py COLLAPSED[.gz] MEAN_NS
f=sys.argv[1]; op=float(sys.argv[2])
cats=[("clock reads (vDSO)", ["clock_gettime","[vdso]"]),
      ("index with CheckSum (FixMessage.index, both sides)", ["FixMessage.index"]),
      ("framing (BodyLength, trailer; both sides)", ["Framing.frame","FixFramer.frame;org/fixbench/engine/sbe/codec/Framing"]),
      ("session checks (CompIDs, SendingTime, MsgSeqNum, header; both sides)", ["isCorrectCompId","isGoodTime","signedValue","hasHeader","checksumMatches"]),
      ("server: order decoded into the SBE model", ["OrderPath.decode"]),
      ("server: ExecutionReport body encoded", ["OrderPath.reportBody"]),
      ("client: order encoded, framed, stored, written", ["SbeRoundTripBenchmark.roundTrip;org/fixbench/engine/sbe/app","SbeRoundTripBenchmark.roundTrip;org/fixbench/engine/sbe/session/FixSession.send","SbeRoundTripBenchmark.roundTrip;org/fixbench/engine/sbe/session/FixSession.begin"]),
      ("server: header, BodyLength, CheckSum, store, write of the report", ["ReportApplication.onMessage"]),
      ("reading the pipe, the rest of poll and dispatch", ["FixSession.poll"]),
      ("the benchmark's own pipes and loop", ["SbeRoundTripBenchmark.roundTrip"])]
tot=collections.Counter(); total=0
for line in (gzip.open(f, 'rt') if f.endswith('.gz') else open(f)):
    stack,_,n=line.rstrip().rpartition(' '); n=int(n)
    if 'roundTrip_avgt_jmhStub' not in stack: continue
    total+=n
    for name,keys in cats:
        if any(k in stack for k in keys): tot[name]+=n; break
    else: tot['other']+=n
print(f"| step | samples | share | ns of {op:,.0f} |")
print("|---|---:|---:|---:|")
for name,_ in cats+[('other',None)]:
    v=tot[name]
    print(f"| {name} | {v:,} | {100*v/total:.1f}% | {op*v/total:,.0f} |")
print(f"| total | {total:,} | 100% | {op:,.0f} |")
