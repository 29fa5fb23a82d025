/* The forward pass of mcts:expert's network in C for the compiled build (tools/build_fast.py).
 *
 * primetime/bots/net.py evaluates its small network with numpy: a dozen numpy calls on vectors
 * of 128 floats, whose call overheads are most of the cost.  This extension does the same
 * arithmetic in one call: `Mlp(...)` holds the float32 weight arrays (any C-contiguous float32
 * buffers; the numpy arrays of `Net`), `Mlp.evaluate(hot, dense, seat, n, idx)` returns
 * `(priors, values)` exactly as `Net.evaluate` defines them:
 *
 *   h1 = relu(sum of W1's rows of the set one-hot bytes + dense W1d + b1)
 *   h2 = relu(h1 W2 + b2)
 *   values[p] = sigmoid((h2 Wv + bv)[(p - seat) mod n]) for each seat p (0.5 past the network's seats)
 *   priors = softmax of (h2 Wp + bp) over the legal keys' vocabulary indices `idx`, a key the
 *            vocabulary lacks (-1) getting 1 / (10 len(idx)); uniform when none is known; [] when
 *            `idx` is None
 *
 * Sums run in float32 in another order than numpy's, so a value may differ from the numpy pass in
 * its last bits; tests/bots/test_expert.py compares the two.  net.py uses this type when it has
 * been built and numpy otherwise (the pure-Python build).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

#define NW 8 /* w1h, w1d, b1, w2, b2, wv, bv, wpt */

typedef struct {
    PyObject_HEAD
    Py_buffer buf[NW];
    int held; /* how many of buf are held */
    Py_ssize_t hot, dense, h1, h2, seats, actions;
    float *work; /* h1 + h2 floats */
} MlpObject;

static const char *NAMES[NW] = {"w1h", "w1d", "b1", "w2", "b2", "wv", "bv", "wpt"};

static void mlp_release(MlpObject *m) {
    for (int i = 0; i < m->held; i++) PyBuffer_Release(&m->buf[i]);
    m->held = 0;
    PyMem_Free(m->work);
    m->work = NULL;
}

static void mlp_dealloc(MlpObject *m) {
    mlp_release(m);
    Py_TYPE(m)->tp_free((PyObject *)m);
}

/* Mlp(w1h, w1d, b1, w2, b2, wv, bv, wpt): shapes (hot, H1) (dense, H1) (H1,) (H1, H2) (H2,)
 * (H2, seats) (seats,) (actions, H2 + 1). */
static int mlp_init(MlpObject *m, PyObject *args, PyObject *kwds) {
    PyObject *obj[NW];
    static char *kw[] = {"w1h", "w1d", "b1", "w2", "b2", "wv", "bv", "wpt", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOOO:Mlp", kw, &obj[0], &obj[1], &obj[2], &obj[3], &obj[4],
                                     &obj[5], &obj[6], &obj[7]))
        return -1;
    mlp_release(m);
    for (int i = 0; i < NW; i++) {
        if (PyObject_GetBuffer(obj[i], &m->buf[i], PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) goto fail;
        m->held = i + 1;
        const char *f = m->buf[i].format;
        if (m->buf[i].itemsize != 4 || f == NULL || !(strcmp(f, "f") == 0 || strcmp(f, "<f") == 0 || strcmp(f, "=f") == 0)) {
            PyErr_Format(PyExc_TypeError, "Mlp: %s must be float32", NAMES[i]);
            goto fail;
        }
        int want = (i == 2 || i == 4 || i == 6) ? 1 : 2;
        if (m->buf[i].ndim != want) {
            PyErr_Format(PyExc_ValueError, "Mlp: %s must have %d dimensions", NAMES[i], want);
            goto fail;
        }
    }
    m->hot = m->buf[0].shape[0];
    m->h1 = m->buf[0].shape[1];
    m->dense = m->buf[1].shape[0];
    m->h2 = m->buf[3].shape[1];
    m->seats = m->buf[5].shape[1];
    m->actions = m->buf[7].shape[0];
    if (m->buf[1].shape[1] != m->h1 || m->buf[2].shape[0] != m->h1 || m->buf[3].shape[0] != m->h1 ||
        m->buf[4].shape[0] != m->h2 || m->buf[5].shape[0] != m->h2 || m->buf[6].shape[0] != m->seats ||
        m->buf[7].shape[1] != m->h2 + 1) {
        PyErr_SetString(PyExc_ValueError, "Mlp: the weight arrays' shapes do not fit together");
        goto fail;
    }
    m->work = PyMem_Malloc(sizeof(float) * (size_t)(m->h1 + m->h2));
    if (m->work == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    return 0;
fail:
    mlp_release(m);
    return -1;
}

static inline const float *F(MlpObject *m, int i) { return (const float *)m->buf[i].buf; }

/* The hidden layers into m->work + h1 (h2 floats). */
static int forward(MlpObject *m, PyObject *hot, PyObject *dense) {
    Py_buffer hb, db;
    if (PyObject_GetBuffer(hot, &hb, PyBUF_SIMPLE) < 0) return -1;
    if (PyObject_GetBuffer(dense, &db, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&hb);
        return -1;
    }
    if (hb.len != m->hot || db.len != 4 * m->dense) {
        PyErr_Format(PyExc_ValueError, "Mlp.evaluate: the observation has %zd one-hot bytes and %zd dense bytes, "
                     "the network %zd and %zd", hb.len, db.len, m->hot, 4 * m->dense);
        PyBuffer_Release(&hb);
        PyBuffer_Release(&db);
        return -1;
    }
    const Py_ssize_t H1 = m->h1, H2 = m->h2;
    float *h = m->work, *g = m->work + H1;
    memcpy(h, F(m, 2), sizeof(float) * (size_t)H1);
    const unsigned char *x = (const unsigned char *)hb.buf;
    const float *w1h = F(m, 0), *w1d = F(m, 1);
    for (Py_ssize_t i = 0; i < m->hot; i++) {
        if (x[i]) {
            const float *row = w1h + i * H1;
            for (Py_ssize_t j = 0; j < H1; j++) h[j] += row[j];
        }
    }
    float d[1];
    const char *dp = (const char *)db.buf;
    for (Py_ssize_t i = 0; i < m->dense; i++) {
        memcpy(d, dp + 4 * i, 4); /* little-endian float32, as the encodings write them ("<f4") */
#if PY_BIG_ENDIAN
        {
            unsigned char *b = (unsigned char *)d, t;
            t = b[0], b[0] = b[3], b[3] = t;
            t = b[1], b[1] = b[2], b[2] = t;
        }
#endif
        if (d[0] != 0.0f) {
            const float v = d[0], *row = w1d + i * H1;
            for (Py_ssize_t j = 0; j < H1; j++) h[j] += v * row[j];
        }
    }
    PyBuffer_Release(&hb);
    PyBuffer_Release(&db);
    memcpy(g, F(m, 4), sizeof(float) * (size_t)H2);
    const float *w2 = F(m, 3);
    for (Py_ssize_t i = 0; i < H1; i++) {
        if (h[i] > 0.0f) {
            const float v = h[i], *row = w2 + i * H2;
            for (Py_ssize_t j = 0; j < H2; j++) g[j] += v * row[j];
        }
    }
    for (Py_ssize_t j = 0; j < H2; j++)
        if (g[j] < 0.0f) g[j] = 0.0f;
    return 0;
}

static PyObject *mlp_evaluate(MlpObject *m, PyObject *args) {
    PyObject *hot, *dense, *idx;
    Py_ssize_t seat, n;
    if (m->work == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Mlp: not initialised");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOnnO:evaluate", &hot, &dense, &seat, &n, &idx)) return NULL;
    if (n <= 0 || seat < 0 || seat >= n) {
        PyErr_SetString(PyExc_ValueError, "Mlp.evaluate: seat must be in [0, n)");
        return NULL;
    }
    if (forward(m, hot, dense) < 0) return NULL;
    const Py_ssize_t H2 = m->h2, S = m->seats;
    const float *g = m->work + m->h1, *wv = F(m, 5), *bv = F(m, 6);
    PyObject *values = PyList_New(n);
    if (values == NULL) return NULL;
    for (Py_ssize_t p = 0; p < n; p++) {
        Py_ssize_t r = ((p - seat) % n + n) % n;
        double v = 0.5;
        if (r < S) {
            float z = bv[r];
            for (Py_ssize_t i = 0; i < H2; i++) z += g[i] * wv[i * S + r];
            v = 1.0 / (1.0 + exp(-(double)z));
        }
        PyObject *f = PyFloat_FromDouble(v);
        if (f == NULL) goto fail_values;
        PyList_SET_ITEM(values, p, f);
    }
    PyObject *priors;
    if (idx == Py_None) {
        priors = PyList_New(0);
    } else {
        PyObject *seq = PySequence_Fast(idx, "Mlp.evaluate: idx must be a list of ints or None");
        if (seq == NULL) goto fail_values;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
        PyObject **items = PySequence_Fast_ITEMS(seq);
        priors = PyList_New(k);
        double *e = k > 0 ? PyMem_Malloc(sizeof(double) * (size_t)k) : NULL;
        if (priors == NULL || (k > 0 && e == NULL)) {
            Py_XDECREF(priors);
            Py_DECREF(seq);
            PyMem_Free(e);
            PyErr_NoMemory();
            goto fail_values;
        }
        const float *wpt = F(m, 7);
        double top = -INFINITY, total = 0.0;
        Py_ssize_t known = 0;
        for (Py_ssize_t a = 0; a < k; a++) {
            Py_ssize_t i = PyLong_AsSsize_t(items[a]);
            if (i == -1 && PyErr_Occurred()) goto fail_priors;
            if (i >= m->actions) {
                PyErr_Format(PyExc_IndexError, "Mlp.evaluate: action %zd past the vocabulary (%zd)", i, m->actions);
                goto fail_priors;
            }
            if (i < 0) {
                e[a] = NAN;
                continue;
            }
            const float *row = wpt + i * (H2 + 1);
            float z = row[H2];
            for (Py_ssize_t j = 0; j < H2; j++) z += g[j] * row[j];
            e[a] = z;
            if (z > top) top = z;
            known++;
        }
        for (Py_ssize_t a = 0; a < k; a++)
            if (!isnan(e[a])) {
                e[a] = exp(e[a] - top);
                total += e[a];
            }
        for (Py_ssize_t a = 0; a < k; a++) {
            double v = known == 0 ? 1.0 / (double)k : isnan(e[a]) ? 1.0 / ((double)k * 10.0) : e[a] / total;
            PyObject *f = PyFloat_FromDouble(v);
            if (f == NULL) goto fail_priors;
            PyList_SET_ITEM(priors, a, f);
        }
        PyMem_Free(e);
        Py_DECREF(seq);
        goto done;
    fail_priors:
        PyMem_Free(e);
        Py_DECREF(seq);
        Py_DECREF(priors);
        goto fail_values;
    }
done:
    if (priors == NULL) goto fail_values;
    return Py_BuildValue("(NN)", priors, values);
fail_values:
    Py_DECREF(values);
    return NULL;
}

static PyMethodDef mlp_methods[] = {
    {"evaluate", (PyCFunction)mlp_evaluate, METH_VARARGS,
     "evaluate(hot, dense, seat, n, idx) -> (priors, values), as primetime.bots.net.Net.evaluate"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MlpType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "primetime.bots._mlp.Mlp",
    .tp_basicsize = sizeof(MlpObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The forward pass of mcts:expert's network: Mlp(w1h, w1d, b1, w2, b2, wv, bv, wpt), float32 arrays",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)mlp_init,
    .tp_dealloc = (destructor)mlp_dealloc,
    .tp_methods = mlp_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_mlp", "The forward pass of mcts:expert's network (the compiled build of primetime.bots.net).",
    -1, NULL,
};

PyMODINIT_FUNC PyInit__mlp(void) {
    if (PyType_Ready(&MlpType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&MlpType);
    if (PyModule_AddObject(m, "Mlp", (PyObject *)&MlpType) < 0) {
        Py_DECREF(&MlpType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
