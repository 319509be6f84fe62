"""Small stopword lists for English and German (the KrdWrd corpora's languages).

Running text is dense in function words; menus, bylines and link lists are not. These
lists hold the most frequent function words of each language, which is all the
stopword-share features need (written for Kehr, lower case, no punctuation).
"""

from __future__ import annotations

ENGLISH = frozenset(
    "a about above after again against all also am an and any are as at be because been "
    "before being below between both but by can could did do does doing down during each "
    "few for from further had has have having he her here hers herself him himself his how "
    "i if in into is it its itself just me more most my myself no nor not now of off on once "
    "only or other our ours ourselves out over own same she should so some such than that "
    "the their theirs them themselves then there these they this those through to too under "
    "until up very was we were what when where which while who whom why will with would you "
    "your yours yourself yourselves".split()
)
GERMAN = frozenset(
    "aber alle allem allen aller alles als also am an ander andere anderem anderen anderer "
    "anderes auch auf aus bei bin bis bist da damit dann das dass dem den denn der des dich "
    "die dies diese diesem diesen dieser dieses dir doch dort du durch ein eine einem einen "
    "einer eines er es etwas euch euer für gegen gewesen hab habe haben hat hatte hier hin "
    "hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer im in indem ins ist jede jedem jeden "
    "jeder jedes jetzt kann kein keine keinem keinen keiner man manche mehr mein meine mich "
    "mir mit muss nach nicht nichts noch nun nur ob oder ohne sehr sein seine seinem seinen "
    "seiner sich sie sind so solche soll sondern sonst über um und uns unser unter viel vom "
    "von vor wann war waren warum was weil weiter welche welchem welchen welcher wenn wer "
    "werde werden wie wieder will wir wird wo wollen würde zu zum zur zwar zwischen".split()
)
STOPWORDS = ENGLISH | GERMAN
