import numpy as np, sys
w=np.load(sys.argv[1])
a=w[:20].copy(); b=-w[20:].copy()
t=-a[0]; a[:12]+=t; b[:12]+=t
u=-a[12]; a[12:]+=u; b[12:]+=u
a[10]=a[0]; b[10]=b[0]
f=lambda v: ', '.join(str(int(round(x))) for x in v)
print(f"""// Fitted by the offline tuning (see `tuning::eval_features`); index 0: side to move, 1: waiting side.
const EVAL_CODE_FIT: [[i32; CODES]; 2] = [
    [{f(a[:12])}],
    [{f(b[:12])}],
];
const EVAL_CLASS_FIT: [[i32; CLASSES]; 2] = [
    [{f(a[12:])}],
    [{f(b[12:])}],
];""")
