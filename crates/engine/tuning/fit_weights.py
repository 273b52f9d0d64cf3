import numpy as np, sys
from scipy.optimize import minimize
rows=[l.strip().split(',') for l in open(sys.argv[1])]
X=[];Y=[]
for r in rows:
    lab=r[0]
    if 'M' in lab or lab in ('None','') or r[1]=='1': continue
    try: y=float(lab)
    except: continue
    X.append([float(v) for v in r[2:]]); Y.append(y)
X=np.array(X); Y=np.array(Y)
print('samples',len(Y),'rapfi eval mean',Y.mean(),'std',Y.std())
CV=np.array([0,2,6,8,22,26,70,80,300,1000,0,300.]); CB=np.array([0,0,0,150,0,350,500,2000.])
wcur=np.concatenate([CV,CB]); 
cur=(6*X[:,:20]@wcur-5*X[:,20:]@wcur)/12
S=200.
P=1/(1+np.exp(-Y/S))
def loss_k(k):
    q=1/(1+np.exp(-cur/k)); q=np.clip(q,1e-6,1-1e-6)
    return -(P*np.log(q)+(1-P)*np.log(1-q)).mean()
ks=[50,100,150,200,300,400,600,800]
for k in ks: print('K',k,'xent',round(loss_k(k),5))
K=min(ks,key=loss_k)
from scipy.stats import pearsonr
print('corr current',pearsonr(cur,Y)[0])
base=-(P*np.log(P+1e-9)+(1-P)*np.log(1-P+1e-9)).mean(); print('entropy floor',base)
# fit separate weights for mover and waiter; fix codes 0 (DEAD) and OL to 0 since counts are just geometry
mask=np.ones(40,bool)
def model(w): return X@w
def loss(w):
    z=model(w)/K; q=1/(1+np.exp(-z)); q=np.clip(q,1e-7,1-1e-7)
    return -(P*np.log(q)+(1-P)*np.log(1-q)).mean()+1e-9*(w@w)
def grad(w):
    z=model(w)/K; q=1/(1+np.exp(-z))
    return X.T@(q-P)/len(P)/K+2e-9*w
w0=np.concatenate([wcur*6/12,-wcur*5/12])
print('loss current',loss(w0))
idx=np.arange(len(Y)); np.random.seed(0); np.random.shuffle(idx); tr=idx[:int(.8*len(Y))]; te=idx[int(.8*len(Y)):]
Xall,Pall=X,P
X=Xall[tr];P=Pall[tr]
r=minimize(loss,w0,jac=grad,method='L-BFGS-B',options={'maxiter':5000})
w=r.x
X=Xall[te];P=Pall[te]
print('test loss current',loss(w0),'fitted',loss(w))
np.set_printoptions(precision=1,suppress=True,linewidth=150)
print('mover codes  ',w[:12]); print('mover classes',w[12:20]); print('waiter codes ',-w[20:32]); print('waiter class ',-w[32:40])
np.save(sys.argv[2] if len(sys.argv) > 2 else 'w.npy', w)
