import collections,glob,sys
keys=['FixMessage.index','SessionParser.parse','OrderPath.reportBody','OrderPath.decode','SbeClient.send','SbeClient.onMessage','SessionSender.send','FixWriter.frame','Framing.frame','Framing.checksum','SessionSender.write','SessionSender.keep','SessionSender.header','[vdso]','MemoryPipe','FixMessage.checksumMatches','SessionParser.isGoodTime','SessionParser.isCorrectCompId','FixWriter.textValue']
print('| step (inclusive share of samples) | '+' | '.join(f'fork {i+1}' for i in range(len(sys.argv)-1))+' |')
print('|---|'+'---:|'*(len(sys.argv)-1))
cols=[]
for path in sys.argv[1:]:
    incl=collections.Counter(); total=0
    for line in open(path):
        stack,n=line.rsplit(' ',1); n=int(n); total+=n
        frames=stack.split(';')
        for k in keys:
            if any(k in f for f in frames): incl[k]+=n
    cols.append((incl,total))
for k in keys:
    print(f'| `{k}` | '+' | '.join(f'{100*i[k]/t:.1f}%' for i,t in cols)+' |')
print('| samples | '+' | '.join(f'{t:,}' for i,t in cols)+' |')
