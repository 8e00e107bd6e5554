"""Deutsch: the simulator page's words, English text or format -> the German (see
__init__.py): only the page loads them, never a board."""

# One text a line: the English, "|", the translation (ui/lang/__init__.py).
# A line starting with "#" is a comment.
T = """
# the page: whose turn, the score, an element's name
%s to play: handicap sticks|%s am Zug: Vorgabe-Stäbe
%s to play: a last turn|%s am Zug: letzter Zug
White %d – Black %d|Weiß %d – Schwarz %d
%s, game over: %s|%s, Spielende: %s
%s, last turns|%s, letzte Züge
%s to play, round %d|%s am Zug, Runde %d
%s, round %d|%s, Runde %d
Game over: %s|Spielende: %s
%s to set a stone|%s setzt einen Stein
%s to move a tower|%s zieht einen Turm
Migis: Bison %d, Wolf %d|Migis: Bison %d, Wolf %d
%s: put a %s on|%s: %s auflegen
%s: %s, take off|%s: %s, wegnehmen
New game: %s|Neues Spiel: %s
Points: White %d, Black %d|Punkte: Weiß %d, Schwarz %d
Points: %s|Punkte: %s
Points after move %d: %s|Punkte nach Zug %d: %s
%s group of %d at %s: %d tower, %d points|%s Gruppe aus %d bei %s: %d Turm, %d Punkte
%s group of %d at %s: %d towers, %d points|%s Gruppe aus %d bei %s: %d Türme, %d Punkte
%s: taken off the real board|%s: vom echten Brett genommen
%s: put on the real board|%s: auf das echte Brett gelegt
%s: %s|%s: %s
%s, free to place again|%s, frei zum erneuten Legen
%s, refused|%s, abgelehnt
%s, picked|%s, gewählt
cell %s|Mulde %s
row %s|Reihe %s
Menu: MENU = next line, TURN = change, UNDO = back|Menü: MENU = nächste Zeile, TURN = ändern, UNDO = zurück
take the %s off %s|nimm den %s von %s
put a %s on %s|lege einen %s auf %s
# the page: the moves in words (ui/words.py and the UIs' last move)
%s first|%s beginnt
%s put a stick on %s|%s legte einen Stab auf %s
%s took %s's %s off|%s nahm %s den Stab %s weg
%s ended the turn|%s beendete den Zug
%s; took %s|%s; gewann %s
The last move was taken back (UNDO)|Der letzte Zug wurde zurückgenommen (UNDO)
%s put a stone on %s|%s setzte einen Stein auf %s
%s put a %s on %s|%s legte einen %s auf %s
%s took %s off|%s nahm %s weg
%s ended the round (a scoring)|%s beendete die Runde (eine Wertung)
%s passed|%s passte
%s drew a card from the pile|%s zog eine Karte vom Nachziehstapel
%s drew the face-up %s card|%s zog die offene Karte %s
%s gave back a %s card|%s warf eine Karte %s ab
%s moved a tower from %s to %s|%s zog einen Turm von %s nach %s
%s set a stone on %s|%s setzte einen Stein auf %s
%s chose a mask|%s wählte eine Maske
%s swapped the stones on %s and %s|%s tauschte die Steine auf %s und %s
%s wins (decided by %s)|%s gewinnt (entschieden: %s)
points|Punkte
final scoring|Schlusswertung
sticks on the board|Stäbe auf dem Brett
TURN: the real board is as lit|TURN: das echte Brett ist wie beleuchtet
The time ran out|Die Zeit ist abgelaufen
%s; %s taken|%s; %s erobert
%s; %s comes off|%s; %s kommt weg
%s; %s come off|%s; %s kommen weg
%s (%s)|%s (%s)
%s won by %s|%s gewonnen von %s
%s, %s played by the device|%s, %s spielt das Gerät
%s, variants %s|%s, Varianten %s
"""
