# Sample positions from match journals and label them with Rapfi's eval (side to move's view).
import json, os, random, subprocess, sys, re, threading, queue
RAPFI=os.environ.get('RAPFI', 'pbrain-rapfi')
random.seed(int(sys.argv[2]) if len(sys.argv)>2 else 1)
files=['tc01-1000.jsonl','pela-tm.jsonl','pela1.jsonl','pela-fut6.jsonl','sprt-final.jsonl','sprt-fut1.jsonl','sprt-ext2.jsonl','m-fut6c.jsonl','wine1.jsonl']
pos=[]
for f in files:
    for l in open(os.path.join(os.environ.get('JOURNALS', '.'), f)):
        try: g=json.loads(l)
        except: continue
        if g.get('board_size',15)!=15 or g.get('rule',0)!=0: continue
        mv=g['moves']
        if len(mv)<10: continue
        for _ in range(5):
            k=random.randint(6,len(mv)-3)
            pos.append(mv[:k])
random.shuffle(pos)
N=int(sys.argv[1]); pos=pos[:N]
out=open(sys.argv[3],'w')
lock=threading.Lock()
q=queue.Queue()
for p in pos: q.put(p)
def worker():
    proc=subprocess.Popen(['nice','-n','5',RAPFI],stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True,bufsize=1)
    def send(s): proc.stdin.write(s+'\n'); proc.stdin.flush()
    send('START 15'); 
    while proc.stdout.readline().strip()!='OK': pass
    send('INFO rule 0'); send('INFO timeout_turn 200'); send('INFO timeout_match 100000000'); send('INFO time_left 100000000')
    while True:
        try: p=q.get_nowait()
        except queue.Empty: break
        n=len(p); stm=n%2
        send('BOARD')
        for i,m in enumerate(p): send(f"{m},{1 if i%2==stm else 2}")
        send('DONE')
        e=None
        while True:
            l=proc.stdout.readline()
            if not l: return
            m=re.search(r'Eval (\S+)',l)
            if m: e=m.group(1)
            if re.match(r'^\d+,\d+$',l.strip()): break
        with lock:
            out.write(json.dumps({'moves':p,'eval':e})+'\n'); out.flush()
    send('END')
ts=[threading.Thread(target=worker) for _ in range(2)]
for t in ts: t.start()
for t in ts: t.join()
