import json,glob,sys,statistics,re,os
out=sys.argv[1] if len(sys.argv)>1 else '/tmp/ab-out'
res={}
for f in sorted(glob.glob(out+'/*.json')):
    side,r=os.path.basename(f)[:-5].split('-')
    for b in json.load(open(f)):
        name=b['benchmark'].split('.')[-2]+'.'+b['benchmark'].split('.')[-1]
        if b.get('params'): name+='['+','.join(b['params'].values())+']'
        raw=[x for fork in b['primaryMetric']['rawData'] for x in fork]
        res.setdefault(name,{}).setdefault(side,{})[int(r)]=(min(raw),b['primaryMetric']['score'])
print('| benchmark | A best (median of rounds) | B best | B/A (median of per-round ratios of bests) | B lower in |')
print('|---|---:|---:|---:|---:|')
for name,d in sorted(res.items()):
    A=d.get('A',{});B=d.get('B',{})
    rounds=sorted(set(A)&set(B))
    if not rounds:
        v=d.get('B',d.get('A'));print(f'| {name} | {statistics.median(x[0] for x in v.values()):,.0f} | | | |');continue
    ma=statistics.median(A[r][0] for r in rounds); mb=statistics.median(B[r][0] for r in rounds)
    ratios=[B[r][0]/A[r][0] for r in rounds]
    lower=sum(1 for x in ratios if x<1)
    print(f'| {name} | {ma:,.0f} | {mb:,.0f} | {statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f}) | {lower} of {len(rounds)} |')
print()
print('| benchmark | A: lowest iteration of all rounds | B | B/A | A: 2nd-lowest fork best | B |')
print('|---|---:|---:|---:|---:|---:|')
for name,d in sorted(res.items()):
    A=d.get('A',{});B=d.get('B',{})
    if not A or not B: continue
    a=sorted(x[0] for x in A.values()); b=sorted(x[0] for x in B.values())
    print(f'| {name} | {a[0]:,.0f} | {b[0]:,.0f} | {b[0]/a[0]:.2f} | {a[1]:,.0f} | {b[1]:,.0f} |')
