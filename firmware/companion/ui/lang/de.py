"""Deutsch: the English text, or its format, -> the German (see __init__.py).

The games' words as the German rule sheets say them: Insel, Stab
(Kahuna-Stab), Kahuna-Stein, Runde, Wertung, Nachziehstapel; Brücke,
Markierungsstein, Götterstein (Kanaloa); Turm, Mulde (Rukuni); Duellstein,
Maske, Migis (Duell der Schamanen). A display line stays within 16
columns; "~Black" is a word's short form where the long one would not fit.
"""

# One text a line: the English, "|", the translation (ui/lang/__init__.py).
# A line starting with "#" is a comment.
T = """
# players and pieces (parts of the formats below)
White|Weiß
Black|Schwarz
~Black|Schw.
white|Weiß
black|Schwarz
Red|Rot
Blue|Blau
Green|Grün
Yellow|Gelb
red|Rot
blue|Blau
green|Grün
yellow|Gelb
stick|Stab
stone|Stein
bridge|Brücke
marker|Markierungsstein
tower|Turm
piece|Teil
white stick|weißer Stab
black stick|schwarzer Stab
white stone|weißer Stein
black stone|schwarzer Stein
bison stone|Bison-Stein
wolf stone|Wolf-Stein
bison|Bison
wolf|Wolf
empty|leer
tie|Gleichstand
nobody|niemand
a draw|unentschieden
# the menu (labels and values)
Menu: %s|Menü: %s
First|Beginn
lot|Los
seat 1|Platz 1
Variant 1|Variante 1
Variant 2|Variante 2
Variant|Variante
on|an
off|aus
Handicap|Vorgabe
none|keine
Cards|Karten
physical|echt
digital|digital
solo W|solo W
solo B|solo S
Level|Stufe
strong|stark
normal|normal
easy|leicht
Hints|Hilfen
Brightness|Helligkeit
New game|Neues Spiel
Calm LEDs|Ruhige LEDs
Sound|Ton
Volume|Lautstärke
Language|Sprache
Back|Zurück
Players|Spieler
Time|Zeit
basic|Basis
memory|Memory
profi|Profi
menu: MENU = next line, TURN = change, UNDO = back|Menü: MENU = nächste Zeile, TURN = ändern, UNDO = zurück
no game yet: choose New game and press TURN|noch kein Spiel: Neues Spiel wählen und TURN drücken
# the display: Kahuna
stn|Stn
stk|Stb
pts|Pkt
Game over|Spielende
%s to play|%s am Zug
%s: handicap|%s: Vorgabe
%s: last turn|%s: zuletzt
%s last turn|%s zuletzt
Round %d of 3|Runde %d von 3
Last turns|Letzte Züge
Round 3 over|Runde 3 vorbei
Scoring %d: tie|Wertung %d remis
Scoring %d: %s|Wertung %d: %s
Scoring %d|Wertung %d
Final scoring|Schlusswertung
Draw|Unentschieden
%s wins|%s gewinnt
on points|nach Punkten
tie: final score|gleich: Schluss
tie: more sticks|gleich: Stäbe
tied all through|ganz gleich
other has no stk|andere ohne Stab
W put %s|W legt %s
B put %s|S legt %s
W off %s|W nahm %s
B off %s|S nahm %s
W won %s|W holt %s
B won %s|S holt %s
W ended turn|W Zug beendet
B ended turn|S Zug beendet
Undone|Zurückgenommen
V1: free stick?|V1: Stab frei?
%s >10 stones|%s >10 Steine
press when done|dann drücken
Board: %d to do|Brett: %d offen
+%d more|+%d weitere
# a sensed difference (app/sensed.py items): the piece's letter as this language's (Kahuna's,
# Rukuni's B is Black: S); Duell's pockets are Bison's and Wolf's (names), first
Off B %s bison|Weg B %s Bison
Off W %s wolf|Weg W %s Wolf
Back B %s bison|Auf B %s Bison
Back W %s wolf|Auf W %s Wolf
Off B %s|Weg S %s
Off W %s|Weg W %s
Off T %s|Weg T %s
Back B %s|Auf S %s
Back W %s|Auf W %s
Off stone %s|Stein weg %s
Off stick %s|Stab weg %s
Off marker %s|Mark. weg %s
Off bridge %s|Brücke weg %s
Off tower %s|Turm weg %s
Off %s|Weg: %s
On stone %s|Stein auf %s
On stick %s|Stab auf %s
On marker %s|Mark. auf %s
On bridge %s|Brücke auf %s
On tower %s|Turm auf %s
On %s|Auf: %s
hold: end of round|halten: Rundenende
# Kahuna with the digital deck
Pile %d up %s|Stapel %d: %s
Hold TURN: hand|TURN lang: Hand
Hand: %s|Hand: %s
Draw: isle/TURN|Ziehe Insel/TURN
TURN = end turn|TURN = Zugende
Device thinks|Gerät denkt
%s shows %s|%s zeigt %s
Dev put on|Gerät: auflegen
Dev take off|Gerät: wegnehmen
Dev free stick|Gerät: freier Stab
Dev give %s|Gerät gibt %s
Dev draws %s|Gerät zieht %s
Dev draws pile|Gerät: Stapel
Dev ends turn|Gerät: Zugende
press TURN|TURN drücken
Hint +%s|Tipp +%s
Hint -%s|Tipp -%s
Hint give %s|Tipp: gib %s
Hint draws %s|Tipp: zieh %s
Hint draws pile|Tipp: Stapel
Hint ends turn|Tipp: Zugende
# the display: Kanaloa
br|Br
mk|Mk
Rnd %d|Rd %d
%s: take 1|%s: 1 nehmen
%s used %s|%s nutzt %s
%s won %s|%s holt %s
~KANALOA|KA
%s KANE +%d|%s KANE +%d
no markers|keine Markierung
press a lit one|Helle drücken
gods: %s|Götter: %s
tie: moved first|gleich: früher
has 11 islands|hat 11 Inseln
hold: pass|halten: passen
hold: KANALOA|halten: KANALOA
# the display: Rukuni
stones|Steine
%s: set stone|%s: Stein
%s: move|%s: Turm
press each/TURN|jede/TURN
Grp %d/%d %s|Gr. %d/%d %s
%dx%d towers=%d|%dx%d Türme=%d
by points|nach Punkten
by largest group|größte Gruppe
TURN: groups|TURN: Gruppen
stone next to|Stein neben
tower on %s|Turm auf %s
tower %s|Turm %s
%d places to go|%d Ziele
press a tower|Turm drücken
# the display: Duell der Schamanen
%s places %d|%s setzt %d
%s may swap|%s: Tausch?
Duel %d|Duell %d
Undone: fix/TURN|Zurück: TURN
%s wins: time|Sieg %s: Zeit
Draw: time|Remis: Zeit
Masks B:%s W:%s|Masken B:%s W:%s
press a site|Feld drücken
2 sites / TURN|2 Felder/TURN
%s: 2nd site|%s: 2. Feld
%s: key 1-9|%s: Taste 1-9
%s: hood key|%s: Maske
%s: 2nd key|%s: 2. Taste
Time: no limit|Zeit: frei
Time %s|Zeit %s
draw|remis
hold: time up|halten: Zeit um
hold: profi|halten: Profi
%d min|%d Min
# the board check after a restart
Check the board?|Brett prüfen?
MENU: yes|MENU: ja
Board check %d/%d|Prüfung %d/%d
%s: as lit?|%s: stimmt's?
fix board/game|Brett/Spiel fix
TURN: next|TURN: weiter
UNDO: stop|UNDO: Ende
# remote play
Remote %s|Fern %s
Remote game|Fernspiel
waiting for|warte auf
the other board|das andere Brett
# remote play, the sensing board, the board check, the failure screen (display lines)
Board checked|Brett geprüft
Board differs:|Brett anders:
Back %s|Auf %s
MISSING FILE|DATEI FEHLT
BAD JSON|JSON FEHLERHAFT
CANNOT START|START UNMÖGLICH
BUTTONS|TASTEN
"""
