"""Lessons judged through the real message path (ipywidgets' ``_handle_msg``, as a browser's
``model.send`` arrives): feedback names what the student did, undo leaves the step's record,
a refused try is explained at once with its rule one click away, a hint highlights its
target, a finished step hands the turn to nobody, and names read right."""

import html
import re

import pytest

from goatwidgets import FloatsMcGoats, Lesson
from goatwidgets.games.floats_mcgoats import position
from goatwidgets.games.floats_mcgoats.explain import RULES
from goatwidgets.games.floats_mcgoats.rules import OUR_READINGS
from goatwidgets.engine import GameError, quote
from goatwidgets.lessons import LessonError, LessonRun
from goatwidgets.lessons.floats_mcgoats import LESSON

from tests.widgets.messages import act, send, update

#: a spot ("0,-1d"), a point pair ("0,0-1,-1") or a bare point ("1,0") in a text
COORDINATES = re.compile(r"-?\d+,-?\d+")


def undo(widget):
    send(widget, {"type": "undo", "version": widget.version})


def plain(text):
    return COORDINATES.sub("<COORDINATE>", text)


def feedback_text(lesson):
    return html.unescape(re.sub(r"<[^>]+>", " ", lesson.feedback.value))


# ------------------------------------------------------------------ judging from the action


def test_a_wrong_kind_of_action_gets_feedback_naming_it():
    lesson = Lesson(LESSON, step=1)                 # asks for a mama goat
    act(lesson.board, "roll")
    assert lesson.status == "wrong"
    said = feedback_text(lesson)
    assert "You rolled the die; this step asks you to place a mama goat." in said
    assert "Undo" in said and "That placed a baby" not in said


def test_a_steps_own_message_for_an_expected_mistake():
    lesson = Lesson(LESSON, step=1)
    act(lesson.board, "baby 0,0u")
    said = feedback_text(lesson)
    assert "You placed the baby goat; this step asks you to place a mama goat." in said
    assert "Switch back to Mama" in said                      # the step's mistakes entry


def test_the_right_kind_in_the_wrong_place_gets_the_steps_own_words():
    lesson = Lesson(LESSON, step=4)                 # the baby, into the closed triangle
    act(lesson.board, "baby 0,0d")
    assert lesson.status == "wrong"
    assert "the baby belongs in the closed triangle" in feedback_text(lesson)


def test_a_partial_action_says_what_happened_and_what_comes_next():
    lesson = Lesson(LESSON, step=11)                 # goat fight
    act(lesson.board, "roll")
    said = feedback_text(lesson)
    assert lesson.status == "going"
    assert "You rolled \u201cGoat fight\u201d." in said and "Your turn: pick one of your goats" in said
    assert "keep going" not in said


def test_undo_takes_the_move_out_of_the_record_and_the_right_move_completes_the_step():
    lesson = Lesson(LESSON, step=5)                 # roll, then MOVE the loose stick
    board = lesson.board
    act(board, "roll")
    act(board, "stick 0,1-1,1")                     # adds instead of moving: wrong, turn over
    assert lesson.status == "wrong" and "You added a stick" in feedback_text(lesson)
    assert "pick up a stick to move it" in feedback_text(lesson)
    undo(board)
    assert board.error == ""
    assert lesson.run.played == ["roll"] and lesson.status == "going"
    assert "Taken back" in feedback_text(lesson)
    assert board.view["to_move"] == 0 and board.legal           # the student decides again
    act(board, "move 0,0-1,-1")
    act(board, "drop 0,1-1,1")
    assert lesson.status == "right" and board.state.scores[0] == 1


def test_undo_of_a_partial_move_is_taken_out_too():
    lesson = Lesson(LESSON, step=7)
    board = lesson.board
    for text in ("roll", "move 0,0-1,-1"):
        act(board, text)
    undo(board)
    assert lesson.run.played == ["roll"]
    for text in ("move 0,0-1,-1", "drop 1,0-1,1", "move -1,1-0,0", "drop 0,1-1,1"):
        act(board, text)
    assert lesson.status == "right"


def test_a_not_allowed_first_pick_is_explained_at_once_with_the_rule_one_click_away():
    lesson = Lesson(LESSON, step=11)                 # pick your goat first, then the rival's
    board = lesson.board
    act(board, "roll")
    act(board, "fight 0,0u 0,-1d")                  # the rival's goat picked first
    assert lesson.status == "illegal"
    said = feedback_text(lesson)
    assert "Not allowed" in said and "that goat isn't yours" in said
    assert "pick one of your own goats first" in said
    assert '<details class="gw-why"><summary>Why? (FM-R18)</summary>' in lesson.feedback.value
    assert RULES["FM-R18"][:30] in lesson.feedback.value
    assert not COORDINATES.search(said)
    # the board shows what the step's move is
    assert [h["text"] for h in board.highlight] == ["fight 0,-1d 0,0u"]
    act(board, "fight 0,-1d 0,0u")
    assert lesson.status == "right"


def test_a_not_allowed_first_click_is_explained_before_any_second_click():
    """The page sends only the first pick ("start") when it starts no legal action; the rules
    say why at once and nothing changes."""
    lesson = Lesson(LESSON, step=11)
    board = lesson.board
    act(board, "roll")
    before = board.state.to_json()
    send(board, {"type": "start", "action": "fight 0,0u", "version": board.version})
    assert lesson.status == "illegal"
    said = feedback_text(lesson)
    assert "that goat isn't yours" in said and "FM-R18" in lesson.feedback.value
    assert board.state.to_json() == before
    send(board, {"type": "start", "action": "fight 0,-1d", "version": board.version})
    assert board.error == ""                         # a good first pick: nothing to explain


def test_an_illegal_placement_is_explained_in_plain_words():
    lesson = Lesson(LESSON, step=2)
    act(lesson.board, "mama 0,0u")                  # the rival's spot
    said = feedback_text(lesson)
    assert "can't place a goat there: that spot already holds a goat" in said
    assert "Why? (FM-R4)" in said and "0,0u" not in said
    assert lesson.board.state.goats[(0, 0, "u")] == [(1, "mama")]


# ------------------------------------------------------------------ show, don't spell


def test_a_hint_highlights_its_target_on_the_board():
    lesson = Lesson(LESSON, step=3)
    board = lesson.board
    lesson.hint()
    assert [h["text"] for h in board.highlight] == ["roll"]
    assert lesson.feedback.value.count("Hint:") == 1
    act(board, "roll")
    assert board.highlight == []                    # the next accepted action clears it
    lesson.hint()
    assert board.highlight == [{"text": "stick 0,1-1,0", "kind": "stick",
                                "stick": "0,1-1,0"}]


def test_a_hint_after_leaving_the_solution_says_to_take_the_move_back():
    lesson = Lesson(LESSON, step=6)
    act(lesson.board, "roll")
    act(lesson.board, "move 2,0-3,0")               # not the bridge
    lesson.hint()
    assert "Undo" in feedback_text(lesson) and lesson.board.highlight == []


@pytest.mark.parametrize("index", range(len(LESSON.steps)),
                         ids=[s.title for s in LESSON.steps])
def test_student_facing_texts_use_plain_words(index):
    step = LESSON.steps[index]
    for text in (step.title, step.text, step.hint, step.right, step.wrong,
                 *step.mistakes.values()):
        assert not COORDINATES.search(text), plain(text)
    lesson = Lesson(LESSON, step=index + 1)
    for text in step.solution:
        act(lesson.board, text)
        assert lesson.board.error == ""
        for shown in (feedback_text(lesson), lesson.board.view["prompt"],
                      *lesson.board.game_log):
            assert not COORDINATES.search(shown), plain(shown)
    assert lesson.status == "right"


def test_every_ruling_and_reading_has_our_words():
    ids = {f"FM-R{i}" for i in range(1, 26)} | set(OUR_READINGS)
    assert ids <= set(RULES)
    cited = {r.strip() for step in LESSON.steps for r in step.rule.split(",")}
    assert cited <= set(RULES)


def test_a_step_shows_its_rules_for_teachers_one_click_away():
    lesson = Lesson(LESSON, step=3)
    assert "<details" in lesson.rules.value and "FM-R12" in lesson.rules.value
    assert "FM-R" not in lesson.text.value           # not in the student's text


# ------------------------------------------------------------------ a finished step


def test_a_done_step_says_so_and_does_not_hand_the_turn_away():
    lesson = Lesson(LESSON, step=1)
    board = lesson.board
    act(board, "mama 0,0u")
    assert lesson.status == "right"
    assert "Step done" in feedback_text(lesson)
    assert board.view["to_move"] is None and board.view["deciders"] == []
    assert "Rival" not in board.view["prompt"] and "Step done" in board.view["prompt"]
    assert board.legal == []
    act(board, "roll")                              # a click after the step is done
    assert lesson.status == "right" and "This step is done" in feedback_text(lesson)
    assert "Rival's decision" not in feedback_text(lesson)
    assert board.error == ("this step is done ✔: scroll down for the next rule, or press Try "
                           "again (lesson)")                       # a step alone in its cell
    undo(board)                                     # and back: the student decides again
    assert lesson.status == "going" and board.view["to_move"] == 0 and board.legal


def test_the_walkthrough_says_next_and_the_last_single_step_does_not_point_further():
    walk = Lesson(LESSON)
    act(walk.board, "mama 0,0u")
    assert "press Next" in feedback_text(walk) and "✔ done" in walk.header.value
    last = Lesson(LESSON, step=len(LESSON.steps))
    for text in LESSON.steps[-1].solution:
        act(last.board, text)
    assert last.status == "right"
    assert "scroll down" not in feedback_text(last) and "last rule" in feedback_text(last)
    middle = Lesson(LESSON, step=1)
    act(middle.board, "mama 0,0u")
    assert "scroll down for the next rule" in feedback_text(middle)


def test_next_opens_the_next_step_with_its_text_on_top_of_the_side_column():
    lesson = Lesson(LESSON)
    lesson.next()
    assert lesson.run.index == 1 and "Step 2 of" in lesson.header.value
    assert lesson.side.children[:3] == (lesson.header, lesson.text, lesson.feedback)
    assert "gw-lesson" in lesson._dom_classes
    assert "gw-lesson-side" in lesson.side._dom_classes
    assert "gw-lesson-board" in lesson.board_box._dom_classes
    assert all("gw-button" in b._dom_classes for b in
               (lesson.back_button, lesson.hint_button, lesson.retry_button, lesson.next_button))


def test_a_lesson_run_without_a_widget_judges_and_undoes_the_same_way():
    run = LessonRun(LESSON, start=4)
    run.try_action("roll")
    assert run.try_action("stick 0,1-1,1").status == "wrong"
    assert run.undo().status == "going" and run.played == ["roll"]
    run.try_action("move 0,0-1,-1")
    assert run.try_action("drop 0,1-1,1").status == "right"


# ------------------------------------------------------------------ names


def test_you_win_through_the_message_path():
    lesson = Lesson(LESSON, step=len(LESSON.steps))   # the student is called "You"
    for text in LESSON.steps[-1].solution:
        act(lesson.board, text)
    state = lesson.board.state
    assert state.winners == (0,)
    assert state.prompt == "You win!"
    assert "You win with 6 points!" in lesson.board.game_log
    assert "You win! Step done ✔" == lesson.board.view["prompt"]
    assert not any("You wins" in line or "You's" in line for line in lesson.board.game_log)


def test_names_read_right_for_you_in_log_and_prompts():
    w = FloatsMcGoats(state=position(sticks=["0,1-1,0"], goats={"0,0u": [(0, "mama")]},
                                     names=["You", "Ben"], to_move=1))
    w.state.preset(die=["shark", "add"])
    act(w, "roll")
    act(w, "shark 0,0u")                            # Ben's shark takes your goat
    assert "The shark attacked your mama goat: back to your supply." in w.game_log
    assert w.view["prompt"].startswith("Your turn: ")
    act(w, "roll")
    assert w.game_log[-1] == "You rolled \u201cAdd a stick\u201d."
    act(w, "stick 0,0-1,-1")
    assert w.game_log[-1] == "You added a stick to the raft."
    other = FloatsMcGoats(state=position(names=["Ana", "Ben"]))
    assert other.view["prompt"].startswith("Ana's turn: ")


def test_you_fought_and_were_fought_read_right():
    w = FloatsMcGoats(state=position(sticks=["0,1-1,0"],
                                     goats={"0,0u": [(0, "mama")], "0,-1d": [(1, "mama")]},
                                     names=["You", "Ben"], to_move=1))
    w.state.preset(die="fight")
    act(w, "roll")
    act(w, "fight 0,-1d 0,0u")
    assert w.game_log[-1] == "Ben fought you: the two goats swapped places."


def test_a_done_steps_refusal_says_where_to_go_on():
    walk = Lesson(LESSON)
    act(walk.board, "mama 0,0u")
    act(walk.board, "roll")
    assert walk.board.error == "this step is done ✔: press Next ▶ or Try again (lesson)"
    last = Lesson(LESSON, start=len(LESSON.steps) - 1)
    for text in LESSON.steps[-1].solution:
        act(last.board, text)
    act(last.board, "roll")
    assert "the last step" in last.board.error and "Next" not in last.board.error


def test_a_wrong_try_takes_no_more_moves_until_undo_or_try_again():
    """A wrong verdict is in too: playing on cannot turn it (issue 23, item 9)."""
    lesson = Lesson(LESSON, step=1)                  # asks for a mama goat
    board = lesson.board
    act(board, "roll")                               # wrong, and the student still decides
    assert lesson.status == "wrong" and 0 in board.state.deciders
    assert board.legal == []
    before = board.state.to_json(), list(lesson.run.played)
    for text in [str(a) for a in board.state.legal_actions(0)][:5]:
        act(board, text)
        assert board.error.startswith("this try is over: it is not what this step asks")
        assert lesson.status == "wrong"
    assert (board.state.to_json(), lesson.run.played) == before
    undo(board)
    assert lesson.status == "going" and board.legal


# ------------------------------------------------------------------ navigation and handles


def click(button):
    """A click on ``button`` as the page sends it (also when the page shows it disabled)."""
    send(button, {"event": "click"})


def kept(lesson):
    """What a refused click or call must leave as it was (the last try's status aside)."""
    run = lesson.run
    return (run.index, run.state.to_json(), list(run.played), sorted(run.done),
            lesson.header.value, lesson.board.version)


@pytest.mark.parametrize("where, button", [("first", "back_button"), ("last", "next_button")])
def test_a_forged_click_on_a_disabled_back_or_next_loses_nothing(where, button):
    index = 0 if where == "first" else len(LESSON.steps) - 1
    lesson = Lesson(LESSON, start=index)
    act(lesson.board, "roll")                        # the student's move, to keep
    assert getattr(lesson, button).disabled and lesson.run.played == ["roll"]
    before, status = kept(lesson), lesson.status
    click(getattr(lesson, button))
    assert kept(lesson) == before and lesson.status == status
    assert "There is no step" in feedback_text(lesson)


def test_forged_back_and_next_clicks_on_a_single_step_lose_nothing():
    lesson = Lesson(LESSON, step=3)
    act(lesson.board, "roll")
    before = kept(lesson)
    for button in (lesson.back_button, lesson.next_button):
        click(button)
        assert kept(lesson) == before
        assert "shows step 3 only" in feedback_text(lesson)


def test_a_forged_enable_then_click_on_next_loses_nothing():
    lesson = Lesson(LESSON, start=len(LESSON.steps) - 1)
    act(lesson.board, "roll")
    before = kept(lesson)
    update(lesson.next_button, {"disabled": False})
    click(lesson.next_button)
    assert kept(lesson) == before


@pytest.mark.parametrize("kwargs, name", [
    ({"step": "2"}, "step"), ({"step": 2.0}, "step"), ({"step": True}, "step"),
    ({"step": 0}, "step"), ({"step": len(LESSON.steps) + 1}, "step"), ({"step": None}, None),
    ({"start": 1.5}, "start"), ({"start": "1"}, "start"), ({"start": None}, "start"),
    ({"start": -1}, "start"), ({"start": len(LESSON.steps)}, "start"),
    ({"start": 10**5000}, "start"), ({"step": "9" * 100_000}, "step"),
])
def test_a_lesson_refuses_a_bad_step_or_start_naming_it(kwargs, name):
    if name is None:                                # step=None: the walk-through
        assert Lesson(LESSON, **kwargs).run.index == 0
        return
    with pytest.raises(LessonError, match=f"^{name} must be a whole number from ") as err:
        Lesson(LESSON, **kwargs)
    assert isinstance(err.value, GameError) and len(str(err.value)) < 120


@pytest.mark.parametrize("index", [None, 1.5, "2", True, -1, len(LESSON.steps), 10**5000,
                                   "9" * 100_000, [1]], ids=lambda v: quote(v, 12))
def test_go_refuses_a_bad_index_and_changes_nothing(index):
    lesson = Lesson(LESSON, start=2)
    act(lesson.board, "roll")
    before = kept(lesson)
    with pytest.raises(LessonError, match="^index must be a whole number from 0 to 13") as err:
        lesson.go(index)
    assert len(str(err.value)) < 120
    assert kept(lesson) == before and lesson.board.state is lesson.run.state
    run = LessonRun(LESSON, start=2)
    with pytest.raises(LessonError):
        run.go(index)
    assert run.index == 2


def test_next_on_the_last_step_and_back_on_the_first_are_refused_from_python():
    lesson = Lesson(LESSON)
    with pytest.raises(LessonError, match="there is no step before step 1"):
        lesson.back()
    lesson.go(len(LESSON.steps) - 1)
    act(lesson.board, "roll")
    before = kept(lesson)
    with pytest.raises(LessonError, match="there is no step after step 14"):
        lesson.next()
    assert kept(lesson) == before
    run = LessonRun(LESSON)
    with pytest.raises(LessonError):
        run.back()
    assert run.index == 0


@pytest.mark.parametrize("status", ["going", "right"])
@pytest.mark.parametrize("content, words", [
    ({"type": "explode", "version": "NOW"}, "'type'"),
    ({"type": "act", "action": "roll", "version": "OLD"}, "older picture"),
    ({"type": "act", "action": "x" * 1_000_000, "version": "NOW"}, "at most"),
    ({"type": "act", "action": "roll\ud800", "version": "NOW"}, ""),
    ({"type": "undo", "version": "OLD"}, "older picture"),
    ("not a dict", "JSON object"),
])
def test_a_bad_message_to_a_lessons_board_loses_nothing(status, content, words):
    """An unknown message type, a stale version, a huge or unencodable text: the board says
    why, and the step's game, record, progress and a done step's verdict stay as they were."""
    lesson = Lesson(LESSON, step=3)                   # roll, then close the triangle
    act(lesson.board, "roll")
    if status == "right":
        act(lesson.board, "stick 0,1-1,0")
    assert lesson.status == status
    if isinstance(content, dict):
        content = {**content, "version": lesson.board.version - (content["version"] == "OLD")}
    before = kept(lesson)
    send(lesson.board, content)
    assert lesson.board.error and words in lesson.board.error
    assert kept(lesson) == before
    if status == "right":                            # the verdict stays
        assert lesson.status == "right" and "This step is done" in feedback_text(lesson)


def test_the_lessons_board_keeps_the_lessons_step():
    """The board's own Python handles cannot swap the step's game behind the lesson's back
    (it would go on judging the old one): reset and another state are refused."""
    lesson = Lesson(LESSON, step=3)
    act(lesson.board, "roll")
    before = kept(lesson)
    with pytest.raises(LessonError, match="Try again"):
        lesson.board.reset(seed=5)
    with pytest.raises(LessonError, match="Try again"):
        lesson.board.state = position()
    assert kept(lesson) == before and lesson.board.state is lesson.run.state
    lesson.restart()                                  # the lesson's own way to start again
    assert lesson.run.played == [] and lesson.board.state is lesson.run.state


@pytest.mark.parametrize("content", [{"event": "explode"}, {"type": "act", "action": "roll"},
                                     "not a dict", {"event": "click" * 100_000}])
def test_unknown_messages_to_the_lessons_own_widgets_change_nothing(content):
    lesson = Lesson(LESSON, step=3)
    act(lesson.board, "roll")
    before, status = kept(lesson), lesson.status
    for widget in (lesson, lesson.side, lesson.feedback, lesson.hint_button,
                   lesson.retry_button, lesson.back_button, lesson.next_button):
        send(widget, content)
    assert kept(lesson) == before and lesson.status == status


def test_the_last_step_done_does_not_ask_for_next():
    """On a walk-through's last step Next is off: the ✔ must not say "press Next"."""
    from goatwidgets import Lesson
    from goatwidgets.lessons.floats_mcgoats import LESSON

    walk = Lesson(LESSON, start=len(LESSON.steps) - 1)
    for action in LESSON.steps[-1].solution:
        walk.board.play(action)
    assert "Step done" in walk.feedback.value and "Next" not in walk.feedback.value
    assert walk.next_button.disabled


def test_a_lessons_board_offers_no_new_game():
    """A lesson has its own Try again and Next: its board never shows New game."""
    from goatwidgets import Lesson
    from goatwidgets.lessons.floats_mcgoats import LESSON

    assert Lesson(LESSON).board.can_restart is False
