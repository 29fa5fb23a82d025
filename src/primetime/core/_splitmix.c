/* SplitMix64 in C for the compiled build (tools/build_fast.py): the `Rng` type.
 *
 * The same generator as the `Rng` class of primetime/core/rng.py, bit for bit, with the same
 * methods and the same `state` attribute (a Python int in [0, 2**64), read and written by
 * clones and JSON dumps); rng.py exports this type as `Rng` when this extension has been built
 * and its own pure-Python class otherwise.  The state is a C field, so a draw costs one method
 * call and no Python integer arithmetic.  tests/core/test_rng.py checks both against each other
 * when the extension is present.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define GOLDEN 0x9E3779B97F4A7C15ULL

typedef struct {
    PyObject_HEAD
    uint64_t state;
} RngObject;

static PyTypeObject RngType;

static inline uint64_t mix(uint64_t s) {
    uint64_t z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* floor(z * n / 2**64): Lemire's multiply-shift, as rng.py's `(z * n) >> 64`. */
static inline uint64_t scale(uint64_t z, uint64_t n) {
    return (uint64_t)(((unsigned __int128)z * n) >> 64);
}

/* Any Python int modulo 2**64 (negative ones too), as rng.py's `x & _MASK`. */
static int as_u64(PyObject *v, uint64_t *out) {
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "an int is required, not %.100s", Py_TYPE(v)->tp_name);
        return -1;
    }
    unsigned long long x = PyLong_AsUnsignedLongLongMask(v);
    if (x == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (uint64_t)x;
    return 0;
}

static RngObject *new_rng(uint64_t state) {
    RngObject *r = PyObject_New(RngObject, &RngType);
    if (r != NULL) r->state = state;
    return r;
}

/* Rng.__new__(cls, *args): state 0 (as a blank instance of the Python class); __init__ seeds it. */
static PyObject *rng_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    RngObject *r = (RngObject *)type->tp_alloc(type, 0);
    if (r != NULL) r->state = 0;
    return (PyObject *)r;
}

/* Rng(seed=0) */
static int rng_init(RngObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"seed", NULL};
    PyObject *seed = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:Rng", kwlist, &seed)) return -1;
    uint64_t s = 0;
    if (seed != NULL && as_u64(seed, &s) < 0) return -1;
    self->state = s;
    return 0;
}

static PyObject *rng_get_state(RngObject *self, void *closure) {
    return PyLong_FromUnsignedLongLong(self->state);
}

static int rng_set_state(RngObject *self, PyObject *value, void *closure) {
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "the state of an Rng cannot be deleted");
        return -1;
    }
    return as_u64(value, &self->state);
}

/* next64() -> int: the next 64-bit output. */
static PyObject *rng_next64(RngObject *self, PyObject *unused) {
    self->state += GOLDEN;
    return PyLong_FromUnsignedLongLong(mix(self->state));
}

/* below(n) -> int: uniform in [0, n). */
static PyObject *rng_below(RngObject *self, PyObject *arg) {
    Py_ssize_t n = PyLong_AsSsize_t(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n <= 0) {
        PyErr_SetString(PyExc_ValueError, "n must be positive");
        return NULL;
    }
    self->state += GOLDEN;
    return PyLong_FromSsize_t((Py_ssize_t)scale(mix(self->state), (uint64_t)n));
}

/* shuffle(items) -> None: Fisher-Yates in place, j = below(i + 1) for i = len - 1 .. 1. */
static PyObject *rng_shuffle(RngObject *self, PyObject *items) {
    uint64_t s = self->state;
    if (PyList_CheckExact(items)) {
        PyObject **a = ((PyListObject *)items)->ob_item;
        for (Py_ssize_t i = PyList_GET_SIZE(items) - 1; i > 0; i--) {
            s += GOLDEN;
            Py_ssize_t j = (Py_ssize_t)scale(mix(s), (uint64_t)(i + 1));
            PyObject *t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        self->state = s;
        Py_RETURN_NONE;
    }
    /* any other mutable sequence: the same swaps through its item protocol */
    Py_ssize_t len = PySequence_Size(items);
    if (len < 0) return NULL;
    for (Py_ssize_t i = len - 1; i > 0; i--) {
        s += GOLDEN;
        Py_ssize_t j = (Py_ssize_t)scale(mix(s), (uint64_t)(i + 1));
        PyObject *a = PySequence_GetItem(items, i);
        if (a == NULL) return NULL;
        PyObject *b = PySequence_GetItem(items, j);
        if (b == NULL) {
            Py_DECREF(a);
            return NULL;
        }
        int err = PySequence_SetItem(items, i, b) < 0 || PySequence_SetItem(items, j, a) < 0;
        Py_DECREF(a);
        Py_DECREF(b);
        if (err) return NULL;
    }
    self->state = s;
    Py_RETURN_NONE;
}

/* choice(items) -> items[below(len(items))] */
static PyObject *rng_choice(RngObject *self, PyObject *items) {
    Py_ssize_t n = PySequence_Size(items);
    if (n < 0) return NULL;
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "n must be positive");
        return NULL;
    }
    self->state += GOLDEN;
    return PySequence_GetItem(items, (Py_ssize_t)scale(mix(self->state), (uint64_t)n));
}

/* clone() -> an Rng with the same state. */
static PyObject *rng_clone(RngObject *self, PyObject *unused) {
    return (PyObject *)new_rng(self->state);
}

/* fork(salt) -> an independent Rng derived from this one's state and a salt. */
static PyObject *rng_fork(RngObject *self, PyObject *arg) {
    uint64_t salt;
    if (as_u64(arg, &salt) < 0) return NULL;
    uint64_t s = (self->state ^ (salt * GOLDEN)) + GOLDEN; /* Rng(...) then one next64() */
    return (PyObject *)new_rng(s);
}

/* pickling and copy: Rng(state) gives the same generator */
static PyObject *rng_reduce(RngObject *self, PyObject *unused) {
    return Py_BuildValue("(O(K))", (PyObject *)Py_TYPE(self), (unsigned long long)self->state);
}

static PyMethodDef rng_methods[] = {
    {"next64", (PyCFunction)rng_next64, METH_NOARGS, "next64() -> the next 64-bit output"},
    {"below", (PyCFunction)rng_below, METH_O, "below(n) -> uniform int in [0, n)"},
    {"shuffle", (PyCFunction)rng_shuffle, METH_O, "shuffle(items): Fisher-Yates in place"},
    {"choice", (PyCFunction)rng_choice, METH_O, "choice(items) -> items[below(len(items))]"},
    {"clone", (PyCFunction)rng_clone, METH_NOARGS, "clone() -> an Rng with the same state"},
    {"fork", (PyCFunction)rng_fork, METH_O, "fork(salt) -> an independent Rng from this state and a salt"},
    {"__reduce__", (PyCFunction)rng_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef rng_getset[] = {
    {"state", (getter)rng_get_state, (setter)rng_set_state, "the 64-bit state, an int in [0, 2**64)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject RngType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "primetime.core._splitmix.Rng",
    .tp_basicsize = sizeof(RngObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "SplitMix64, seeded: Rng(seed=0) (the C build of primetime.core.rng.Rng)",
    .tp_new = rng_new,
    .tp_init = (initproc)rng_init,
    .tp_methods = rng_methods,
    .tp_getset = rng_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_splitmix", "SplitMix64 for primetime.core.rng (the compiled build).", -1, NULL,
};

PyMODINIT_FUNC PyInit__splitmix(void) {
    if (PyType_Ready(&RngType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&RngType);
    if (PyModule_AddObject(m, "Rng", (PyObject *)&RngType) < 0) {
        Py_DECREF(&RngType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
