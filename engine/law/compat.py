"""The only module that imports experta.

experta 1.9.4 pins frozendict 1.2, which subclasses ``collections.Mapping``;
that alias was removed in Python 3.10.  We restore the aliases frozendict
needs before importing experta.  experta also calls ``logging.basicConfig()``
at import time, which would put a handler on the root logger and leak its
watchers onto the CLI's stderr: we undo that and give experta's loggers a
null handler.

The rest of the project takes experta's names from here.  We also provide:

* ``TracingAgenda``: remembers the activation about to fire, so that a rule
  body can record which facts fired it (the trace is data, not log lines);
* ``OrderedStrategy``: salience, then breadth first, with the rule name as
  the final tie-break, so the firing order is the same on every run, whatever
  the hash seed.
"""
from __future__ import annotations

import collections
import collections.abc
import inspect
import logging
import types
from collections.abc import Mapping

for _name in ("Mapping", "MutableMapping", "Sequence", "Iterable", "Callable", "Hashable"):
    if not hasattr(collections, _name):
        setattr(collections, _name, getattr(collections.abc, _name))

_root = logging.getLogger()
_handlers_before = list(_root.handlers)
_level_before = _root.level

import experta  # noqa: E402
from experta import (  # noqa: E402,F401
    AND,
    AS,
    MATCH,
    NOT,
    OR,
    TEST,
    Fact,
    Field,
    InitialFact,
    KnowledgeEngine,
    L,
    P,
    Rule,
    W,
)
from experta.activation import Activation  # noqa: E402
from experta.agenda import Agenda  # noqa: E402
from experta.conditionalelement import ConditionalElement  # noqa: E402
from experta.factlist import FactList  # noqa: E402
from experta.fieldconstraint import ANDFC, NOTFC, ORFC  # noqa: E402,F401  (read by engine.explain.whynot)
from experta.strategies import DepthStrategy  # noqa: E402
from experta import engine as _experta_engine, rule as _experta_rule  # noqa: E402
from experta.matchers.rete.abstract import OneInputNode, TwoInputNode  # noqa: E402
from experta.matchers.rete.check import FactCapture, FeatureCheck, SameContextCheck, TypeCheck  # noqa: E402
from experta.matchers.rete.mixins import ChildNode  # noqa: E402
from experta.matchers.rete.nodes import FeatureTesterNode, NotNode, OrdinaryMatchNode  # noqa: E402
from experta.matchers.rete.token import Token, TokenInfo  # noqa: E402
from schema import Schema  # noqa: E402  (experta's field validator)

# A beta node's input port (the bound method in its parent's children) -> the method it calls after copying.
_PORTS = {OneInputNode.activate: "_activate", TwoInputNode.activate_left: "_activate_left",
          TwoInputNode.activate_right: "_activate_right"}

for _handler in list(_root.handlers):
    if _handler not in _handlers_before:
        _root.removeHandler(_handler)
_root.setLevel(_level_before)
_experta_log = logging.getLogger("experta")
_experta_log.addHandler(logging.NullHandler())
_experta_log.propagate = False

EXPERTA_VERSION = experta.__version__


# ---------------------------------------------------------------------------
# Declaring facts: experta's checks, done with less work per field
# ---------------------------------------------------------------------------

_PLAIN = frozenset({str, int, bool, float, type(None)})  # experta's freeze() returns these unchanged
_SLOW = object()
_PLANS: dict = {}
_fact_setitem = Fact.__setitem__


def _setitem(self, key, value):
    """``Fact.__setitem__``: a plain value is stored as it is (what freeze() does with it), without dispatch."""
    if type(value) in _PLAIN and dict.get(self, "__factid__") is None:
        dict.__setitem__(self, key, value)
    else:
        _fact_setitem(self, key, value)


_fact_init = Fact.__init__


def _init(self, *args, **kwargs):
    """``Fact.__init__``: keyword fields of plain values are stored as they come (what __setitem__ would do
    with each, in the same order); anything else goes through experta's."""
    if args or "__factid__" in kwargs:
        return _fact_init(self, *args, **kwargs)
    for value in kwargs.values():
        if type(value) not in _PLAIN:
            return _fact_init(self, **kwargs)
    dict.update(self, kwargs)
    self._Fact__defaults = {}


def _plan(cls) -> tuple:
    """Per field of a Fact class: the plain type its Schema checks (None: any object), or _SLOW."""
    plan = []
    for name, fld in cls.__fields__.items():
        validator = getattr(fld, "validator", None)
        wanted = getattr(validator, "_schema", _SLOW)
        if type(validator) is Schema and isinstance(wanted, type) and (wanted is object or wanted in _PLAIN):
            plan.append((name, None if wanted is object else wanted, fld))
        else:
            plan.append((name, _SLOW, fld))
    _PLANS[cls] = plan = tuple(plan)
    return plan


def _validate(self):
    """``Fact.validate``, same errors: a Schema of a plain type is an isinstance test on the stored value.

    (experta un-freezes the value first; for these types the answer is the same.)
    """
    plan = _PLANS.get(type(self))
    if plan is None:
        plan = _plan(type(self))
    for name, wanted, fld in plan:
        if name in self:
            if wanted is None:
                continue
            if wanted is _SLOW:
                try:
                    fld.validate(self[name])
                except Exception:
                    raise ValueError("Invalid value on field %r for fact %r" % (name, self))
            elif not isinstance(self[name], wanted):
                raise ValueError("Invalid value on field %r for fact %r" % (name, self))
        elif fld.mandatory:
            raise ValueError("Mandatory field %r is not defined for fact %r" % (name, self))


_KEYS: dict = {}  # a fact's keys, in order -> (any key special, any key a nested accessor); see _keys_read


def _keys_read(fact) -> tuple:
    """Whether any of a fact's keys is special (``__name__``, as ``Fact.is_special``) and whether any is a
    nested accessor (as ``Fact.has_nested_accessor``), remembered per tuple of keys: facts of one class
    have the same few."""
    keys = tuple(fact)
    try:
        return _KEYS[keys]
    except KeyError:
        pass
    except TypeError:  # an unhashable key: read it every time
        keys = None
    special = nested = False
    for key in fact:
        if isinstance(key, str) and key.startswith("__") and key.endswith("__"):
            special = True
        if "__" in str(key).strip("__"):
            nested = True
    if keys is not None and len(_KEYS) < 4096:
        _KEYS[keys] = (special, nested)
    return special, nested


def _fact_id(fact):
    """``FactList._get_fact_id``: the fact's class and its items but the special ones, frozen (same value)."""
    if not _keys_read(fact)[0]:
        return frozenset((fact.__class__, *fact.items()))
    items = [fact.__class__]
    for key, value in fact.items():
        if not (isinstance(key, str) and key.startswith("__") and key.endswith("__")):
            items.append((key, value))
    return frozenset(items)


def _has_field_constraints(self):
    """``Fact.has_field_constraints`` as a loop (the same answer)."""
    for value in self.values():
        if isinstance(value, ConditionalElement):
            return True
    return False


def _has_nested_accessor(self):
    """``Fact.has_nested_accessor`` (the same answer, remembered per tuple of keys)."""
    return _keys_read(self)[1]


Fact.__init__ = _init
Fact.__setitem__ = _setitem
Fact.validate = _validate
Fact.has_field_constraints = _has_field_constraints
Fact.has_nested_accessor = _has_nested_accessor
FactList._get_fact_id = staticmethod(_fact_id)


class TracingAgenda(Agenda):
    """An agenda that remembers the activation it handed out last."""

    def __init__(self) -> None:
        super().__init__()
        self.current = None

    def get_next(self):
        self.current = super().get_next()
        return self.current


class OrderedStrategy(DepthStrategy):
    """Salience first, then the oldest facts (breadth first), then the rule's name.

    Breadth first makes the trace read in the order of the table (trick 1
    before trick 2); the rule name makes ties impossible.
    """

    def get_key(self, activation):
        ids = sorted(f["__factid__"] for f in activation.facts)
        return (activation.rule.salience, [-i for i in ids], activation.rule.__name__)


def _lean_declare(self, fact):
    """``FactList.declare`` without the watcher's log line: same checks, same id, same duplicate rule."""
    if not isinstance(fact, Fact):
        raise ValueError("The fact must descend the Fact class.")
    fact.validate()
    fact_id = _fact_id(fact)
    counter = self.reference_counter
    if self.duplication or fact_id not in counter:
        idx = self.last_index
        dict.__setitem__(fact, "__factid__", idx)
        self[idx] = fact
        self.last_index = idx + 1
        self.added.append(fact)
        counter[fact_id] += 1
        return fact
    return None


FactList.declare = _lean_declare


class LeanEngine(KnowledgeEngine):
    """experta's engine with its match-fire cycle done with less work per step (same steps, same order).

    ``run``, ``declare`` (and the declaration ``reset`` does) and the agenda's
    update are experta's, without the watchers' log lines (formatted on every
    firing, whether anyone listens or not) and without asking the matcher when
    nothing was declared or retracted.
    """

    def run(self, steps=float("inf")):
        self.running = True
        matcher, strategy = self.matcher, self.strategy
        try:
            while steps > 0 and self.running:
                facts = self.facts
                added, removed = facts.added, facts.removed
                if added or removed:
                    facts.added, facts.removed = [], []
                    new, gone = matcher.changes(added, removed)
                    if new or gone:
                        strategy._update_agenda(self.agenda, new, gone)
                activation = self.agenda.get_next()
                if activation is None:
                    break
                steps -= 1
                activation.rule(self, **{k: v for k, v in activation.context.items() if not k.startswith("__")})
        finally:
            self.running = False

    def _KnowledgeEngine__declare(self, *facts):
        for f in facts:
            if _has_field_constraints(f):
                raise TypeError("Declared facts cannot contain conditional elements")
        for f in facts:
            if _has_nested_accessor(f):
                raise KeyError("Cannot declare facts containing double underscores as keys.")
        last_inserted = None
        declare = self.facts.declare
        for fact in facts:
            last_inserted = declare(fact)
        if not self.running:
            added, removed = self.get_activations()
            self.strategy._update_agenda(self.agenda, added, removed)
        return last_inserted


class _MemoInspect:
    """``inspect`` for experta's modules, with ``signature`` remembered per callable.

    experta asks for the signature of a rule's function every time it rebuilds
    the Rule (several times per rule while compiling the network) and of each
    DefFacts on every reset; a function's signature does not change.
    """

    def __init__(self) -> None:
        self._signatures: dict = {}

    def signature(self, obj):
        try:
            return self._signatures[obj]
        except KeyError:
            sig = self._signatures[obj] = _plain_signature(obj) or inspect.signature(obj)
            return sig
        except TypeError:  # unhashable: ask every time
            return inspect.signature(obj)

    def __getattr__(self, name):
        return getattr(inspect, name)


_P = inspect.Parameter
# What experta reads of a signature: ``parameters`` (name -> something with the parameter's ``kind``), in order.
_KIND = {kind: types.SimpleNamespace(kind=kind) for kind in
         (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD, _P.VAR_POSITIONAL, _P.KEYWORD_ONLY, _P.VAR_KEYWORD)}


def _plain_signature(obj):
    """The parameter names and kinds of a plain Python function, read from its code object (what
    ``inspect.signature`` gives for one, without its generality); None for anything else."""
    if type(obj) is not types.FunctionType or "__wrapped__" in obj.__dict__ or "__signature__" in obj.__dict__:
        return None
    code = obj.__code__
    names = code.co_varnames
    npos, nkw = code.co_argcount, code.co_kwonlyargcount
    params = {}
    for i, name in enumerate(names[:npos]):
        params[name] = _KIND[_P.POSITIONAL_ONLY if i < code.co_posonlyargcount else _P.POSITIONAL_OR_KEYWORD]
    at = npos + nkw
    if code.co_flags & inspect.CO_VARARGS:
        params[names[at]] = _KIND[_P.VAR_POSITIONAL]
        at += 1
    for name in names[npos:npos + nkw]:
        params[name] = _KIND[_P.KEYWORD_ONLY]
    if code.co_flags & inspect.CO_VARKEYWORDS:
        params[names[at]] = _KIND[_P.VAR_KEYWORD]
    return types.SimpleNamespace(parameters=params)


_experta_rule.inspect = _experta_engine.inspect = _MemoInspect()


def _port(callback):
    """A beta node's input port without experta's defensive copy of the token.

    experta copies every token a node receives because a FeatureTesterNode
    adds its bindings to the token in place.  Beta nodes (joins, NOT nodes,
    TEST nodes, conflict sets) only read the token they get and build new
    ones; and the alpha part is walked by ``_alpha_function``, which never
    changes a context it was given.  So between them nothing is copied.
    """
    port = getattr(callback, "__func__", None)
    node = getattr(callback, "__self__", None)
    if node is None or port not in _PORTS:
        return callback
    return getattr(node, _PORTS[port])  # (run only_changed_rules first: it wraps conflict-set nodes' _activate)


def _remove_first(memory: list, data, context, missing_ok: bool) -> None:
    """``memory.remove(...)`` of the first entry equal to (data, context), as experta removes a token's
    frozen form from a memory; a token never received raises ValueError unless ``missing_ok``."""
    for i, (d, c) in enumerate(memory):
        if d == data and c == context:
            del memory[i]
            return
    if not missing_ok:
        raise ValueError("list.remove(x): x not in list")


def _join_ports(node) -> None:
    """Give an OrdinaryMatchNode input ports that do what experta's do, with less overhead per pair.

    Same test (``node.matcher``) on the same pairs of contexts, in the same order (each memory in
    arrival order), same combined token (facts of both, the string keys of both with the other side's
    winning), sent to the children in the same order.  The memories are this node's own (no other node
    reads them): each entry is the token's facts and context as they came, kept by reference (a token's
    facts and context are never changed once it is sent), instead of experta's frozen TokenInfo that
    every pair had to thaw into a dict again.
    """
    test, children, new = _plain_test(node.matcher), node.children, tuple.__new__
    valid = Token.TagType.VALID
    touched = _touched_nodes(node)

    def receive(token, mine):
        if token.tag is valid:
            if not mine:
                touched.add(node)
            mine.append((token.data, token.context))
        else:  # (experta's join ignores a token never received)
            _remove_first(mine, token.data, token.context, missing_ok=True)

    def send(token, data, other_data, own, other_context):
        combined = dict(own)
        for k, v in other_context.items():
            if not isinstance(k, tuple):
                combined[k] = v
        out = new(Token, (token.tag, data | other_data, combined))
        for child in children:
            child.callback(out)

    def port(mine: str, others: str, is_left: bool):
        """The input port that keeps a token in memory ``mine`` and pairs it with those in ``others``."""
        def activate(token):
            receive(token, getattr(node, mine))
            other_memory = getattr(node, others)
            if not other_memory:
                return
            data, context, own = token.data, token.context, None
            for other_data, other_context in other_memory:
                if test(context, other_context) if is_left else test(other_context, context):
                    if own is None:
                        own = {k: v for k, v in context.items() if isinstance(k, str)}
                    send(token, data, other_data, own, other_context)
        return activate

    node._activate_left = port("left_memory", "right_memory", True)
    node._activate_right = port("right_memory", "left_memory", False)


def _same_context(left, right):
    """``SameContextCheck.__call__`` as a plain function (the same answers, the same error)."""
    for key, value in left.items():
        if key[0] is False:
            raise RuntimeError('Negated value "%s" present before capture.' % key[1])
        if key in right and value != right[key]:
            return False
        if (False, key) in right and value == right[(False, key)]:
            return False
    return True


def _plain_test(check):
    """A join's test: experta's SameContextCheck as ``_same_context``, any other check as it is."""
    return _same_context if type(check) is SameContextCheck else check


def _not_ports(node) -> None:
    """Give a NotNode input ports that do what experta's do (same counts, same tokens to the children, in
    the same order), keeping what they receive by reference instead of freezing and thawing it per pair.

    Left memory: the token's frozen form (the key experta uses) -> [matches on the right, facts, context];
    right memory: (facts, context) in arrival order.  Only these ports read the two memories.
    """
    test, children, new = _plain_test(node.matcher), node.children, tuple.__new__
    valid, invalid = Token.TagType.VALID, Token.TagType.INVALID
    touched = _touched_nodes(node)

    def left(token):
        lefts, rights = node.left_memory, node.right_memory
        data, context = token.data, token.context
        key = new(TokenInfo, (frozenset(data), frozenset(context.items())))
        if not rights:
            if token.tag is valid:
                if not lefts:
                    touched.add(node)
                lefts[key] = [0, data, context]
            else:
                del lefts[key]
            for child in children:
                child.callback(token)
        elif token.tag is valid:
            count = 0
            for _, right_context in rights:
                if test(context, right_context):
                    count += 1
            if count == 0:
                for child in children:
                    child.callback(token)
            if not lefts:
                touched.add(node)
            lefts[key] = [count, data, context]
        else:
            count = 0
            for _, right_context in rights:
                if test(context, right_context):
                    count += 1
                    break
            if count == 0:
                for child in children:
                    child.callback(token)
            del lefts[key]

    def right(token):
        lefts, rights = node.left_memory, node.right_memory
        data, context = token.data, token.context
        if token.tag is valid:
            if not rights:
                touched.add(node)
            rights.append((data, context))
            inc = 1
        else:
            inc = -1
            _remove_first(rights, data, context, missing_ok=False)  # (experta's NOT node raises)
        for entry in lefts.values():
            if test(entry[2], context):
                entry[0] += inc
                count = entry[0]
                if (count == 0 and inc == -1) or (count == 1 and inc == 1):
                    out = new(Token, (valid if inc == -1 else invalid, set(entry[1]), dict(entry[2])))
                    for child in children:
                        child.callback(out)

    node._activate_left, node._activate_right = left, right


def _check_function(check):
    """A fact -> match function equal to ``check(fact)`` (experta's alpha checks), without its logging."""
    if isinstance(check, TypeCheck):
        wanted = check.fact_type
        return lambda fact: type(fact) == wanted
    if isinstance(check, FactCapture):
        bind = check.bind
        return lambda fact: {bind: fact}
    if isinstance(check, FeatureCheck):
        what, test, expected = check.what, check.check, check.expected
        if isinstance(what, str):
            if what.startswith("__") or what.endswith("__"):
                return lambda fact: test(fact, expected)
            path = tuple(int(p) if p.isnumeric() else p for p in what.split("__"))
            if len(path) > 1:
                def nested(fact):
                    record = fact
                    try:
                        for p in path:
                            record = record[p]
                    except (IndexError, KeyError, TypeError):
                        return False
                    return test(record, expected)
                return nested
            what = path[0]
        if type(expected) is W:  # wildcard_match: the value is there (its binding, if any)
            bind = expected.__bind__

            def wildcard(fact):
                try:
                    value = fact[what]
                except (IndexError, KeyError, TypeError):
                    return False
                return True if bind is None else {bind: value}
            return wildcard
        if type(expected) is L and expected.__bind__ is None:  # equal_literal, unbound: a bool
            value = expected.value

            def literal(fact):
                try:
                    return True if value == fact[what] else False
                except (IndexError, KeyError, TypeError):
                    return False
            return literal

        def single(fact):
            try:
                record = fact[what]
            except (IndexError, KeyError, TypeError):
                return False
            return test(record, expected)
        return single
    return check


_BIND, _LITERAL, _CHECK = 0, 1, 2  # the kinds of step an alpha chain takes (see _alpha_step)


def _alpha_step(check) -> tuple:
    """One check of an alpha chain as a step ``(kind, a, b)``.

    A field bound to a name (``seat=MATCH.seat``, experta's wildcard check, which
    answers ``{name: value}``) is ``(_BIND, field, name)``; a field equal to an
    unbound literal (``kind="revoke"``) is ``(_LITERAL, field, value)``; any other
    check is ``(_CHECK, function, None)`` with the function of ``_check_function``.
    The first two are what ``_alpha_function`` does with the check's answer,
    written out so that no answer has to be built.
    """
    if isinstance(check, FeatureCheck) and isinstance(check.what, str):
        what, expected = check.what, check.expected
        if not (what.startswith("__") or what.endswith("__")) and "__" not in what and not what.isnumeric():
            if type(expected) is W and isinstance(expected.__bind__, str):
                return (_BIND, what, expected.__bind__)
            if type(expected) is L and expected.__bind__ is None:
                return (_LITERAL, what, expected.value)
    return (_CHECK, _check_function(check), None)


def _alpha_function(node, typed: bool = False):
    """One function walking the alpha subtree under ``node`` for a fact, as the FeatureTesterNodes would.

    experta passes a fresh token copy from node to node; here the bindings of
    the path travel as a dict that is copied only where a check adds one, and
    a token is built only where the walk reaches a beta node (whose input
    port copies it, as before).  A chain of nodes each with one child that is
    another tester (most of the network) is walked in one call, its checks in
    the chain's order.  The children are visited in the same order.  ``typed``:
    ``node`` tests the fact's type and the caller hands it only facts of that
    type (``dispatch_by_type``), so that test is not repeated.
    """
    steps = [] if typed and isinstance(node.matcher, TypeCheck) else [_alpha_step(node.matcher)]
    while len(node.children) == 1 and type(node.children[0].node) is FeatureTesterNode:
        node = node.children[0].node
        steps.append(_alpha_step(node.matcher))
    kids = []
    for child in node.children:
        if type(child.node) is FeatureTesterNode:
            kids.append((_alpha_function(child.node), None))
        else:
            kids.append((None, _port(child.callback)))
    new = tuple.__new__
    steps = tuple(steps)

    def visit(fact, context, tag, data):
        for kind, a, b in steps:
            if kind is _BIND:  # experta's answer {b: value}, merged into the bindings as below
                try:
                    value = fact[a]
                except (IndexError, KeyError, TypeError):
                    return
                if context.get(b, value) != value:
                    return
                if (False, b) in context and context[(False, b)] == value:
                    return
                context = {**context, b: value}
                continue
            if kind is _LITERAL:
                try:
                    if not b == fact[a]:
                        return
                except (IndexError, KeyError, TypeError):
                    return
                continue
            match = a(fact)
            if not match:
                return
            if match is not True and (type(match) is dict or isinstance(match, Mapping)):
                for key, value in match.items():
                    if isinstance(key, tuple):  # a negated binding
                        if key[1] in context and context[key[1]] == value:
                            return
                    else:
                        if context.get(key, value) != value:
                            return
                        if (False, key) in context and context[(False, key)] == value:
                            return
                context = {**context, **match}
        for walk, port in kids:
            if walk is not None:
                walk(fact, context, tag, data)
            else:
                port(new(Token, (tag, data, context)))

    return visit


def _each_node(root):
    """Every node of the network below ``root`` once, depth first; a node's children are read after it is yielded."""
    seen: set = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        stack.extend(c.node for c in node.children)

def dispatch_by_type(matcher) -> None:
    """Let the RETE root hand each fact only to the branch testing its type, through one function per branch.

    experta's root node offers every fact to the type check of every fact
    type the rules use, and all but one fail; then every alpha node copies
    the token it got.  Grouping the root's children by the type they test,
    and walking each alpha branch with one function (``_alpha_function``),
    gives the same matches in the same order.  Children that do not start
    with a type check (none in practice) still see every fact.  The input
    ports of the beta nodes no longer copy the tokens they pass on (``_port``).
    """
    root = matcher.root_node
    for node in _each_node(root):  # the beta part: joins and NOT nodes with cheaper ports
        if type(node) is OrdinaryMatchNode:
            _join_ports(node)
        elif type(node) is NotNode:
            _not_ports(node)
    for node in _each_node(root):  # (the children are read after the body has replaced them)
        if type(node) is not FeatureTesterNode and node is not root:
            node.children[:] = [ChildNode(c.node, _port(c.callback)) for c in node.children]

    by_type: dict = {}
    always = []
    for child in root.children:
        check = getattr(child.node, "matcher", None)
        if isinstance(check, TypeCheck) and type(child.node) is FeatureTesterNode:
            by_type.setdefault(check.fact_type, []).append(_alpha_function(child.node, typed=True))
        else:
            always.append(child)
    valid, invalid = Token.TagType.VALID, Token.TagType.INVALID

    def send(fact, tag):
        walks = by_type.get(type(fact), ())
        if walks:
            data = {fact}  # (one set for every token of this fact: a token's facts are never changed)
            for walk in walks:
                walk(fact, {}, tag, data)
        for child in always:
            child.callback(Token(tag, fact))

    root.add = lambda fact: send(fact, valid)
    root.remove = lambda fact: send(fact, invalid)


_MEMORIES = ("left_memory", "right_memory", "memory")


def _touched_nodes(node) -> set:
    """The set where a node whose memory went from empty to not empty is put (one set per network, given
    to every node by ``only_changed_rules``; a node of a network without it gets a set of its own)."""
    node._touch_tracked = True
    if getattr(node, "_touched_set", None) is None:
        node._touched_set = set()
    return node._touched_set


class _Activation(Activation):
    """experta's Activation, hashed with its rule's hash as computed when the conflict-set port was made
    (``_rule_hash``), not from the rule's patterns every time (the same facts and context are hashed)."""

    def __hash__(self):
        return hash((self._rule_hash, frozenset(self.facts), frozenset(self.context.items())))


def _conflict_set_port(csn, dirty: set, i: int, touched: set):
    """``ConflictSetNode._activate``, the same activations, memory and added/removed sets, with less work.

    experta freezes the token twice (for the memory and for the Activation) and hashes the rule's
    patterns for every activation; here the token is frozen once and the rule's hash is computed once
    (``_rule_hash``).  The node is also marked for ``changes`` (``dirty``) and for ``reset`` (``touched``).
    """
    rule, new = csn.rule, tuple.__new__
    valid = Token.TagType.VALID
    rule_hash = hash(rule)

    def activate(token):
        dirty.add(i)
        context = token.context
        info = new(TokenInfo, (frozenset(token.data), frozenset(context.items())))
        activation = _Activation(rule, info.data, {k: v for k, v in context.items() if isinstance(k, str)})
        activation._rule_hash = rule_hash
        memory = csn.memory
        if token.tag is valid:
            if info not in memory:
                if not memory:
                    touched.add(csn)
                memory.add(info)
                if activation in csn.removed:
                    csn.removed.remove(activation)
                else:
                    csn.added.add(activation)
        else:
            memory.remove(info)  # (as experta's: a token never received raises KeyError)
            if activation in csn.added:
                csn.added.remove(activation)
            else:
                csn.removed.add(activation)

    return activate


def only_changed_rules(matcher) -> None:
    """Collect activations only from the rules whose conflict set changed, and reset only what holds memory.

    After every declaration experta asks every rule's conflict-set node for
    its new activations, and ``reset`` walks the whole network recursively
    (shared nodes more than once): both cost time in proportion to the number
    of rules, not to what happened.  Here each conflict-set node marks itself
    when a token reaches it, ``changes`` asks only the marked ones (in the
    network's order, as before), and ``reset`` clears the nodes that received
    something since the last reset (the conflict-set nodes and the joins whose
    ports are ours mark themselves; any other node with a memory is looked at).
    Same activations, same memories.
    """
    nodes = matcher._get_conflict_set_nodes()
    dirty: set = set()
    touched: set = set()
    for i, csn in enumerate(nodes):
        csn._activate = _conflict_set_port(csn, dirty, i, touched)
        csn._touch_tracked = True
    root = matcher.root_node
    for node in _each_node(root):
        node._touched_set = touched

    def changes(adding=None, deleting=None):
        for fact in deleting or ():
            root.remove(fact)
        for fact in adding or ():
            root.add(fact)
        added, removed = [], []
        for i in sorted(dirty):
            a, r = nodes[i].get_activations()
            added.extend(a)
            removed.extend(r)
        dirty.clear()
        return added, removed

    untracked: list = []

    def reset():
        if not untracked:  # the nodes that do not mark themselves (read once the ports are all in place)
            untracked.extend((node, tuple(m for m in _MEMORIES if hasattr(node, m))) for node in _each_node(root)
                             if not getattr(node, "_touch_tracked", False)
                             and any(hasattr(node, m) for m in _MEMORIES))
            untracked.append((None, ()))  # (never empty once read)
        for node in touched:
            node._reset()
        touched.clear()
        for node, memories in untracked:
            for m in memories:
                if getattr(node, m):
                    node._reset()
                    break
        for i in dirty:  # activations never collected (a run cut short): drop them with the memories
            nodes[i].get_activations()
        dirty.clear()

    matcher.changes, matcher.reset = changes, reset


__all__ = [
    "AND", "AS", "MATCH", "NOT", "OR", "TEST", "W", "P", "L",
    "Fact", "Field", "InitialFact", "KnowledgeEngine", "LeanEngine", "Rule",
    "TracingAgenda", "OrderedStrategy", "EXPERTA_VERSION", "dispatch_by_type", "only_changed_rules",
    "ANDFC", "ORFC", "NOTFC",
]
