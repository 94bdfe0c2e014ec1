/**
 * `kses()` as WordPress 6.7.1 and 7.0.4 run it on a term description (`wp_filter_kses` on `pre_term_description`, for
 * every user). The table holds what a live TEC 6.10 answered for each description sent to
 * `POST /wp-json/tribe/events/v1/tags`, on create and on the reads after it (categories and the terms embedded in an
 * event answer the same); `WORDPRESS_7_0_4` what WordPress 7.0.4 (TEC 6.17) stores instead where it differs, and
 * `BOTH` what each stores for text that shows 7.0's changes (rel and target kept, attributes read by the HTML API,
 * entities normalized numeric first). Those were answered by each release's `pre_term_description` filter run
 * directly (PHP CLI on a live site), which gave the TEC 6.10 table's answers for every row. A run of 40,000 texts
 * made from `PIECES` below through each release's filter agreed with `kses()` on every one. Then properties over
 * generated text, for each release: WordPress's answer settles after a second pass (and
 * after the first, but for the two cases where WordPress's does not), only allowed elements and attributes are left,
 * and no text makes it throw; and hostile text of 100 KB, which a reading that backtracks would not finish in the
 * test's time (no time is measured here).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { renderTermDescription } from '../../src/core/render/fields.js'
import { type AllowedTags, kses, TERM_DESCRIPTION_TAGS } from '../../src/core/render/html/kses.js'
import type { WordPressRelease } from '../../src/core/resources/tec-versions.js'

/** `[description sent, description TEC 6.10 answered]`. */
const TEC_6_10: Array<[string, string]> = [
  // A bare &, and two descriptions with a bit of everything
  ['Kids & parents', 'Kids &amp; parents'],
  [
    'Kids & parents <p>para</p> <b>bold</b> <script>x</script> "q" < 3 > 2 &amp; &copy; &foo; https://a.b/?x=1&y=2',
    'Kids &amp; parents para <b>bold</b> x "q"  2 &amp; &copy; &amp;foo; https://a.b/?x=1&amp;y=2',
  ],
  [
    'A <a href="javascript:alert(1)" onclick="x" title="t">l</a> <a href="https://x.y/?a=1&b=2" target=_blank>m</a> <b class=c>B</b> <br> <img src=x> x<y 1 < 2 &#39; &#x41; &#99999999; &nbsp; \u0000 end\n\nline <!-- c --> <B>up</B> </b> <em>e</em',
    'A <a href="alert(1)" title="t">l</a> <a href="https://x.y/?a=1&amp;b=2">m</a> <b>B</b>   x&lt;y 1 &lt; 2 &#039; &#x41; &amp;#99999999; &nbsp;  end\n\nline <!-- c --> <B>up</B> </b> <em>e&lt;/em',
  ],
  // Entities: named ones kept when WordPress knows them, numeric ones when they name a character
  ['&amp; &lt; &gt; &quot; &apos;', '&amp; &lt; &gt; &quot; &apos;'],
  [
    '&copy; &nbsp; &hellip; &rsquo; &Agrave; &sup2; &frac12; &there4;',
    '&copy; &nbsp; &hellip; &rsquo; &Agrave; &sup2; &frac12; &there4;',
  ],
  [
    '&foo; &Copy; &COPY; &NBSP; &colon; &bogus123;',
    '&amp;foo; &amp;Copy; &amp;COPY; &amp;NBSP; &amp;colon; &amp;bogus123;',
  ],
  ['&#39; &#039; &#0000039; &#65; &#0065; &#8217;', '&#039; &#039; &#039; &#065; &#065; &#8217;'],
  ['&#x41; &#X41; &#x00041; &#x1F600; &#xabcdef; &#x0000041;', '&#x41; &#x41; &#x41; &#x1F600; &amp;#xabcdef; &#x41;'],
  [
    '&#0; &#x0; &#00; &#8; &#9; &#10; &#13; &#11; &#31; &#32;',
    '  &amp;#00; &amp;#8; &#009; &#010; &#013; &amp;#11; &amp;#31; &#032;',
  ],
  [
    '&#99999999; &#1114111; &#1114112; &#xD800; &#xFFFE; &#xFFFD; &#x110000; &#55296;',
    '&amp;#99999999; &#1114111; &amp;#1114112; &amp;#xD800; &amp;#xFFFE; &#xFFFD; &amp;#x110000; &amp;#55296;',
  ],
  ['&#; &#x; & ; && &amp &copy &#65 &x;', '&amp;#; &amp;#x; &amp; ; &amp;&amp; &amp;amp &amp;copy &amp;#65 &amp;x;'],
  [
    '&abcdefghi; &abcdefgh; &ab12; &ab123; &a; &a1;',
    '&amp;abcdefghi; &amp;abcdefgh; &amp;ab12; &amp;ab123; &amp;a; &amp;a1;',
  ],
  ['AT&T Q&A a&b&c', 'AT&amp;T Q&amp;A a&amp;b&amp;c'],
  ['&amp;amp; &amp;#65; &#x26;amp; &#38;', '&amp;amp; &#065; &#x26;amp; &#038;'],
  ['&#X1f600; &#x1f600; &#x000000041;', '&#x1f600; &#x1f600; &#x41;'],
  ['&#0000000065; &#00000000065;', '&#065; &#065;'],
  ['&#9999999; &#0009999999;', '&amp;#9999999; &amp;#0009999999;'],
  [
    'a < &apos; &quot; &thetasym; &upsih; &piv; &lang; &amp; &#039; b',
    'a &lt; &amp;apos; &quot; &thetasym; &upsih; &piv; &lang; &amp; &#039; b',
  ],
  ['a &apos; <b>x</b>', 'a &apos; <b>x</b>'],
  // Elements: allowed ones kept in their case, others dropped with their attributes (their text stays)
  [
    '<b>bold</b> <strong>s</strong> <i>i</i> <em>e</em> <code>c</code> <del datetime="2020-01-01">d</del> <s>s</s> <strike>k</strike> <cite>c</cite>',
    '<b>bold</b> <strong>s</strong> <i>i</i> <em>e</em> <code>c</code> <del datetime="2020-01-01">d</del> <s>s</s> <strike>k</strike> <cite>c</cite>',
  ],
  [
    '<q cite="https://x.y/q">q</q> <blockquote cite="http://y.z">b</blockquote> <abbr title="t">a</abbr> <acronym title="t">a</acronym>',
    '<q cite="https://x.y/q">q</q> <blockquote cite="http://y.z">b</blockquote> <abbr title="t">a</abbr> <acronym title="t">a</acronym>',
  ],
  ['<p>para</p><div>d</div><span>s</span><br><br/><hr /><ul><li>x</li></ul><h1>h</h1>', 'paradsxh'],
  ['<script>alert(1)</script><style>x{color:red}</style><iframe src="https://x"></iframe>', 'alert(1)x{color:red}'],
  [
    '<B>up</B> <EM>E</EM> <A HREF="https://x.y" TITLE="T">L</A> <Strong>S</Strong>',
    '<B>up</B> <EM>E</EM> <A HREF="https://x.y" TITLE="T">L</A> <Strong>S</Strong>',
  ],
  [
    '<b/> <b /> <em/> <i   /> <a href="https://x"/> <a title="t" />',
    '<b /> <b /> <em /> <i /> <a href="https://x" /> <a title="t" />',
  ],
  ['</b> </ b> </b class=x> </p> </B > </a href="x">', '</b> </ b> </b>  </B> </a>'],
  ['a <b', 'a &lt;b'],
  ['<a href="x" <b>y</b>', '&lt;a href=&quot;x&quot; <b>y</b>'],
  ['<1> <-> <:::> <_a> <a-b> <b2>', '     '],
  ['< b>x</ b> <\tb>y</b>', '<b>x</ b> <b>y</b>'],
  ['<b\n>x</b\n> <a\nhref="https://x"\ntitle="t">y</a>', '<b>x</b> <a href="https://x" title="t">y</a>'],
  ['<a href="https://x">unclosed link', '<a href="https://x">unclosed link'],
  ['<em>e</em', '<em>e&lt;/em'],
  [
    '<a title="t"  >x</a> <a title="t"/ >y</a> <b >z</b> <b/ >w</b>',
    '<a title="t">x</a> <a />y</a> <b>z</b> <b />w</b>',
  ],
  ['<>', ''],
  ['< >', ''],
  ['<a>', '<a>'],
  ['<b title="t">x</b> <cite title=t>c</cite>', '<b>x</b> <cite>c</cite>'],
  ['tab\there <b\t>x</b\t> <b\u000b>y</b>', 'tab\there <b>x</b> <b>y</b>'],
  ['<b\u00a0>x</b> <a\u00a0title="t">y</a>', '<b>x</b> <a>y</a>'],
  ['\\<b\\>x\\</b\\>', '\\<b>x\\</b>'],
  ['<b>x</b>< /b> < b > </b >', '<b>x</b></b> <b> </b>'],
  ['<em><strong>nested</strong></em> <i><b>deep</i></b>', '<em><strong>nested</strong></em> <i><b>deep</i></b>'],
  ['<ABBR TITLE="x">a</ABBR> <Del DateTime="2020">d</Del>', '<ABBR TITLE="x">a</ABBR> <Del DateTime="2020">d</Del>'],
  ['<constructor>x</constructor> <tostring a=b> <valueOf>y', 'x  y'],
  ['<hasOwnProperty title=t>z</hasOwnProperty>', 'z'],
  // Attributes: allowed ones kept, first of a name, quoting styles, what does not parse
  [
    '<a href="https://x.y/?a=1&b=2" title=\'single\' target=_blank rel=nofollow>m</a>',
    '<a href="https://x.y/?a=1&amp;b=2" title=\'single\'>m</a>',
  ],
  ['<a href=https://x.y/path title=t>m</a> <a title=a"b>n</a>', '<a href="https://x.y/path" title="t">m</a> <a>n</a>'],
  ['<a title="t" title="u" TITLE="v">x</a>', '<a title="t" TITLE="v">x</a>'],
  [
    '<a href title>x</a> <a title>y</a> <abbr title>z</abbr>',
    '<a href title>x</a> <a title>y</a> <abbr title>z</abbr>',
  ],
  [
    '<a href = "https://x" title = \'t\'>x</a> <a title= t>y</a>',
    '<a href="https://x" title=\'t\'>x</a> <a title="t">y</a>',
  ],
  ['<a href="https://x"title="y">x</a>', '<a>x</a>'],
  ['<a title="a>b">x</a> <a title="a<b">y</a>', '<a>b"&gt;x</a> &lt;a title=&quot;a<b>y</a>'],
  [
    '<b class="c" style="color:red" onclick="x">B</b> <a href="https://x" class="c" onmouseover="y" id=i>x</a>',
    '<b>B</b> <a href="https://x">x</a>',
  ],
  ['<a title="unterminated>x</a> <a title=\'un>y</a>', '<a>x</a> <a>y</a>'],
  [
    '<a \'junk\' title="t">x</a> <a "q" href="https://x">y</a> <a = title="t">z</a> <a ==x title="t">w</a>',
    '<a title="t">x</a> <a href="https://x">y</a> <a title="t">z</a> <a title="t">w</a>',
  ],
  [
    '<a href="https://x.y/?a=1&amp;b=2" title="&quot;x&quot; &foo; a&b">l</a>',
    '<a href="https://x.y/?a=1&amp;b=2" title="&quot;x&quot; &amp;foo; a&amp;b">l</a>',
  ],
  ['<a title=\'a"b\'>x</a> <a title="a\'b">y</a>', '<a title=\'a"b\'>x</a> <a title="a\'b">y</a>'],
  [
    '<a onclick="x" href="https://x">y</a> <a href="https://x" href="https://y">z</a>',
    '<a href="https://x">y</a> <a href="https://x">z</a>',
  ],
  ['<a data-x="1" aria-label="l" title="t">x</a>', '<a title="t">x</a>'],
  ['<a href="https://x/?q=<b>">y</a>', '&lt;a href=&quot;https://x/?q=<b>"&gt;y</a>'],
  ['<a title="t"/\n>x</a>', '<a title="t" />x</a>'],
  ['<a href=x/>y</a>', '<a href="x/" />y</a>'],
  [
    '<a title="t"\n>x</a> <a\ttitle="t">y</a> <a title="\nt\n">z</a>',
    '<a title="t">x</a> <a title="t">y</a> <a title="\nt\n">z</a>',
  ],
  ['<a title="t">x</a>\n', '<a title="t">x</a>\n'],
  ['<a title=t/>x</a> <a title=t />y</a>', '<a title="t/" />x</a> <a title="t" />y</a>'],
  [
    '<a title/>x</a> <a title />y</a> <a title= />z</a> <a title=>w</a>',
    '<a />x</a> <a title />y</a> <a title="/" />z</a> <a>w</a>',
  ],
  ['<a title"x" href="https://y">z</a>', '<a href="https://y">z</a>'],
  ['<a href="https://x" title=\'a\' b="c">q</a>', '<a href="https://x" title=\'a\'>q</a>'],
  ['<a h:ref="x" t.itle="y" _x="z" title="t">q</a>', '<a title="t">q</a>'],
  ['<A Title="T" HREF=\'https://x\'>q</A>', '<A Title="T" HREF=\'https://x\'>q</A>'],
  ['<a title=\\"t\\" href=\\"https://x\\">y</a>', '<a title="t" href="https://x">y</a>'],
  ["<a title='it\\'s'>x</a>", '<a>x</a>'],
  // Protocols of href and cite
  [
    '<q cite="javascript:x">q</q> <a title="javascript:x">t</a> <del datetime="javascript:x">d</del>',
    '<q cite="x">q</q> <a title="javascript:x">t</a> <del datetime="javascript:x">d</del>',
  ],
  [
    '<a href="javascript:alert(1)">1</a> <a href="JaVaScRiPt:alert(2)">2</a> <a href="javascript:javascript:alert(3)">3</a>',
    '<a href="alert(1)">1</a> <a href="alert(2)">2</a> <a href="alert(3)">3</a>',
  ],
  [
    '<a href="java&#115;cript:alert(1)">1</a> <a href="javascript&#58;alert(2)">2</a> <a href="javascript&#x3a;alert(3)">3</a> <a href="javascript&colon;alert(4)">4</a> <a href="javascript&#0058alert(5)">5</a>',
    '<a href="alert(1)">1</a> <a href="alert(2)">2</a> <a href="alert(3)">3</a> <a href="javascript&amp;colon;alert(4)">4</a> <a href="javascript&amp;#0058alert(5)">5</a>',
  ],
  [
    '<a href="mailto:a@b.c">m</a> <a href="tel:+1">t</a> <a href="ftp://x">f</a> <a href="feed:javascript:x">fj</a> <a href="feed:feed:feed:http://x">ff</a> <a href="feed:http://x">fh</a>',
    '<a href="mailto:a@b.c">m</a> <a href="tel:+1">t</a> <a href="ftp://x">f</a> <a href="feed:x">fj</a> <a href="">ff</a> <a href="feed:http://x">fh</a>',
  ],
  [
    '<a href="/relative?x=1">r</a> <a href="#frag">f</a> <a href="//x.y">s</a> <a href="a/?b:c">q</a> <a href="x/y:z">p</a>',
    '<a href="/relative?x=1">r</a> <a href="#frag">f</a> <a href="//x.y">s</a> <a href="a/?b:c">q</a> <a href="z">p</a>',
  ],
  [
    '<a href=" javascript:x">1</a> <a href="jav\tascript:x">2</a> <a href="http:x">3</a> <a href="data:text/html,x">4</a> <a href="HTTPS://X">5</a>',
    '<a href="x">1</a> <a href="x">2</a> <a href="http:x">3</a> <a href="text/html,x">4</a> <a href="https://X">5</a>',
  ],
  [
    '<a href="https://x\\0y">1</a> <a href="javascript\\0:x">2</a> a\\0b \\\\0 \\00',
    '<a href="https://xy">1</a> <a href="x">2</a> a\\0b \\\\0 \\00',
  ],
  [
    '<a title="&#106;avascript">x</a> <a href="&#106;avascript:alert(1)">y</a> <a href="&#x6A;avascript:alert(1)">z</a>',
    '<a title="&#106;avascript">x</a> <a href="alert(1)">y</a> <a href="alert(1)">z</a>',
  ],
  [
    '<a href="http://x?a=javascript:y">1</a> <a href="irc6://x">2</a> <a href="webcal://x">3</a> <a href="urn:x">4</a> <a href="sms:1">5</a> <a href="skype:x">6</a>',
    '<a href="http://x?a=javascript:y">1</a> <a href="irc6://x">2</a> <a href="webcal://x">3</a> <a href="urn:x">4</a> <a href="sms:1">5</a> <a href="x">6</a>',
  ],
  [
    '<a href="feed:0">f</a> <a href="a:b:c:d:e:f:g:h">g</a> <a href="a:b:c:d:e:f">h</a> <a href="a:b:c:d:e:f:g">i</a>',
    '<a href="0">f</a> <a href="">g</a> <a href="f">h</a> <a href="">i</a>',
  ],
  [
    '<a href="&#362;avascript:alert(1)">1</a> <a href="&#104;ttp://x">2</a> <a href="ht&#x74;p://x">3</a>',
    '<a href="alert(1)">1</a> <a href="http://x">2</a> <a href="http://x">3</a>',
  ],
  [
    '<a href="https://x y">1</a> <a href=\'javascript:x\'>2</a> <a href="  https://x  ">3</a>',
    '<a href="https://x y">1</a> <a href=\'x\'>2</a> <a href="https://x">3</a>',
  ],
  [
    '<q cite="//x">a</q> <blockquote cite="x:y">b</blockquote> <del datetime=2020>c</del>',
    '<q cite="//x">a</q> <blockquote cite="y">b</blockquote> <del datetime="2020">c</del>',
  ],
  ['<a href="javascript:alert(1)" href="https://y">x</a>', '<a href="alert(1)">x</a>'],
  ['<a href="mailto:x@y.z?subject=a&b=c">m</a>', '<a href="mailto:x@y.z?subject=a&amp;b=c">m</a>'],
  [
    '<a href="HtTp://x">1</a> <a href="http:/x">2</a> <a href="http\n://x">3</a>',
    '<a href="http://x">1</a> <a href="http:/x">2</a> <a href="http://x">3</a>',
  ],
  ['<a href="ja\nvascript:x">1</a> <a href="javascript\u0001:x">2</a>', '<a href="x">1</a> <a href="x">2</a>'],
  // Comments, declarations and bogus closing tags
  [
    '<!-- c --> <!----> <!-- a -- b ---> <!-- <b>x</b> <p>y</p> --> tail',
    '<!-- c --> <!--&gt;  a - b --> &lt;!-- <b>x</b> y --&gt; tail',
  ],
  ['<!-- unclosed <b>x</b>', '&lt;!-- unclosed <b>x</b>'],
  ['<!DOCTYPE html> <![CDATA[x]]> </3> <!x> <? php ?> <!-> </#x>', '  </3> <!x>   </#x>'],
  ['<!-- a > b\n', '<!-- a &gt; b-->\n'],
  ['<!-- a > b\nc', '<!-- a &gt;--> b\nc'],
  ['<!-- a\nb -->', '<!-- a\nb -->'],
  ['<!-- x -->\n', '<!-- x -->\n'],
  ['x <!--y-\n-->', 'x <!--y\n-->'],
  ['<!-- a- -->', '<!-- a- -->'],
  ['<!-- a --->', '<!-- a -->'],
  ['<!-- a -- -- b -->', '<!-- a - - b -->'],
  ['<!---->', ''],
  ['<!-->', '<!--&gt;-->'],
  ['<!--->', '<!---&gt;-->'],
  ['<!-- <!-- -->', '&lt;!-- <!-- -->'],
  ['</>>', '</&gt;>'],
  ['</>', ''],
  ['</ >', '</ >'],
  ['</\n>', '</\n>'],
  ['<!--x--->y<!--z--->', '<!--x-->y<!--z-->'],
  ['<!--a\n--->', '<!--a\n-->'],
  ['<!-- wp:paragraph -->\n<p>x</p>\n<!-- /wp:paragraph -->', '<!-- wp:paragraph -->\nx\n<!-- /wp:paragraph -->'],
  [
    '<!-- wp:core/paragraph {"a":"<b>y</b>","c":"<p>z</p>"} -->x<!-- /wp:core/paragraph -->',
    '&lt;!-- wp:core/paragraph {&quot;a&quot;:&quot;<b>y</b>","c":"z"} --&gt;x<!-- /wp:core/paragraph -->',
  ],
  ['<!-- wp:separator /-->', '<!-- wp:separator /-->'],
  // Stray < and >
  ['1 < 2 and a<b and <', '1 &lt; 2 and a&lt;b and &lt;'],
  ['a < "q" & \'r\' &amp; &foo; <b>x</b>', 'a &lt; &quot;q&quot; &amp; &#039;r&#039; &amp; &amp;foo; <b>x</b>'],
  ['<<< b >>> <<b>>', '&lt;&lt;<b>&gt;&gt; &lt;<b>&gt;'],
  ['3 > 2 >> a>b', '3 &gt; 2 &gt;&gt; a&gt;b'],
  ['x <\n y', 'x &lt;\n y'],
  ['a >b< c', 'a &gt;b&lt; c'],
  ['<3 <3 <3', '&lt;3 &lt;3 &lt;3'],
  ['if a<b and c>d', 'if a<b>d'],
  // Control characters, whitespace, backslashes, other scripts
  ['a\u0000b\u0001c\bd\u000be\ff\u001fg\u007fh\u0085i', 'abcdefg\u007fh\u0085i'],
  ['  leading and trailing  ', '  leading and trailing  '],
  ['line1\r\nline2\n\nline3\tTab', 'line1\r\nline2\n\nline3\tTab'],
  ['Café — “quotes” 😀 ü', 'Café — “quotes” 😀 ü'],
  ['a\\"b <a title=\\"t\\">x</a> back\\slash', 'a\\"b <a title="t">x</a> back\\slash'],
]

/**
 * `[sent, answered, answered after the term was updated with its own answer]` on TEC 6.10: an unquoted value ending
 * in a backslash (kses then reads `\"` as a quote) and a comment left holding a tag (the next pass escapes its `<!--`).
 */
const SAVED_TWICE: Array<[string, string, string]> = [
  ['<a href=A\\>x</a>', '<a href="A\\">x</a>', '<a href="A">x</a>'],
  ['<!-->x<b>y</b>-->', '<!--&gt;x<b>y</b>-->', '&lt;!--&gt;x<b>y</b>--&gt;'],
  ['<!-- a > <b>b</b> -->', '<!-- a &gt; <b>b</b> -->', '&lt;!-- a &gt; <b>b</b> --&gt;'],
]

/** What WordPress 7.0.4 (TEC 6.17) stores for the descriptions of `TEC_6_10` it stores otherwise. */
const WORDPRESS_7_0_4: ReadonlyMap<string, string> = new Map([
  [
    'A <a href="javascript:alert(1)" onclick="x" title="t">l</a> <a href="https://x.y/?a=1&b=2" target=_blank>m</a> <b class=c>B</b> <br> <img src=x> x<y 1 < 2 &#39; &#x41; &#99999999; &nbsp; \u0000 end\n\nline <!-- c --> <B>up</B> </b> <em>e</em',
    'A <a href="alert(1)" title="t">l</a> <a href="https://x.y/?a=1&amp;b=2" target="_blank">m</a> <b>B</b>   x&lt;y 1 &lt; 2 &#039; &#x41; &amp;#99999999; &nbsp;  end\n\nline <!-- c --> <B>up</B> </b> <em>e&lt;/em',
  ],
  [
    '&#0; &#x0; &#00; &#8; &#9; &#10; &#13; &#11; &#31; &#32;',
    '&amp;#0; &amp;#x0; &amp;#00; &amp;#8; &#009; &#010; &#013; &amp;#11; &amp;#31; &#032;',
  ],
  ['&amp;amp; &amp;#65; &#x26;amp; &#38;', '&amp;amp; &amp;#65; &#x26;amp; &#038;'],
  [
    '<B>up</B> <EM>E</EM> <A HREF="https://x.y" TITLE="T">L</A> <Strong>S</Strong>',
    '<B>up</B> <EM>E</EM> <A href="https://x.y" title="T">L</A> <Strong>S</Strong>',
  ],
  [
    '<a title="t"  >x</a> <a title="t"/ >y</a> <b >z</b> <b/ >w</b>',
    '<a title="t">x</a> <a title="t" />y</a> <b>z</b> <b />w</b>',
  ],
  ['<ABBR TITLE="x">a</ABBR> <Del DateTime="2020">d</Del>', '<ABBR title="x">a</ABBR> <Del datetime="2020">d</Del>'],
  [
    '<a href="https://x.y/?a=1&b=2" title=\'single\' target=_blank rel=nofollow>m</a>',
    '<a href="https://x.y/?a=1&amp;b=2" title="single" target="_blank" rel="nofollow">m</a>',
  ],
  [
    '<a href=https://x.y/path title=t>m</a> <a title=a"b>n</a>',
    '<a href="https://x.y/path" title="t">m</a> <a title="a&quot;b">n</a>',
  ],
  ['<a title="t" title="u" TITLE="v">x</a>', '<a title="t">x</a>'],
  [
    '<a href = "https://x" title = \'t\'>x</a> <a title= t>y</a>',
    '<a href="https://x" title="t">x</a> <a title="t">y</a>',
  ],
  ['<a href="https://x"title="y">x</a>', '<a href="https://x" title="y">x</a>'],
  ['<a title=\'a"b\'>x</a> <a title="a\'b">y</a>', '<a title="a&quot;b">x</a> <a title="a&apos;b">y</a>'],
  [
    '<a title/>x</a> <a title />y</a> <a title= />z</a> <a title=>w</a>',
    '<a title />x</a> <a title />y</a> <a title="/" />z</a> <a title="">w</a>',
  ],
  ['<a href="https://x" title=\'a\' b="c">q</a>', '<a href="https://x" title="a">q</a>'],
  ['<A Title="T" HREF=\'https://x\'>q</A>', '<A title="T" href="https://x">q</A>'],
  ["<a title='it\\'s'>x</a>", '<a title="it\\">x</a>'],
  [
    '<a href="java&#115;cript:alert(1)">1</a> <a href="javascript&#58;alert(2)">2</a> <a href="javascript&#x3a;alert(3)">3</a> <a href="javascript&colon;alert(4)">4</a> <a href="javascript&#0058alert(5)">5</a>',
    '<a href="alert(1)">1</a> <a href="alert(2)">2</a> <a href="alert(3)">3</a> <a href="alert(4)">4</a> <a href="alert(5)">5</a>',
  ],
  [
    '<a title="&#106;avascript">x</a> <a href="&#106;avascript:alert(1)">y</a> <a href="&#x6A;avascript:alert(1)">z</a>',
    '<a title="javascript">x</a> <a href="alert(1)">y</a> <a href="alert(1)">z</a>',
  ],
  [
    '<a href="https://x y">1</a> <a href=\'javascript:x\'>2</a> <a href="  https://x  ">3</a>',
    '<a href="https://x y">1</a> <a href="x">2</a> <a href="https://x">3</a>',
  ],
])

/** `[description sent, what WordPress 6.7.1 stores, what WordPress 7.0.4 stores]`. */
const BOTH: Array<[string, string, string]> = [
  [
    '<a href="https://x" rel="nofollow noopener" target="_blank" REL=x>l</a> <abbr title="t" target=_blank>a</abbr>',
    '<a href="https://x">l</a> <abbr title="t">a</abbr>',
    '<a href="https://x" rel="nofollow noopener" target="_blank">l</a> <abbr title="t">a</abbr>',
  ],
  [
    '<a title="&nbsp;&hellip;&#150;&#x9F;&lang;&#039;&quot;&lt;&gt;&amp;&copy;">x</a>',
    '<a title="&nbsp;&hellip;&#150;&#x9F;&lang;&#039;&quot;&lt;&gt;&amp;&copy;">x</a>',
    '<a title=" …–Ÿ⟨&apos;&quot;&lt;&gt;&amp;©">x</a>',
  ],
  [
    '<a href="https://x" title="open>x</a> <a href="https://x" title=\'open>y</a>',
    '<a href="https://x">x</a> <a href="https://x">y</a>',
    '<a>x</a> <a>y</a>',
  ],
  [
    '<a title="a"href="https://x"/title="b">x</a> <a =title="t" title=t/>y</a>',
    '<a>x</a> <a title="t/" />y</a>',
    '<a title="a" href="https://x">x</a> <a title="t/" />y</a>',
  ],
  [
    '<a title=a\'b href=https://x?a=1&amp;b=2>x</a> <a title="&foo; &#0; &amp;#65;">y</a>',
    '<a>x</a> <a title="&amp;foo;  &#065;">y</a>',
    '<a title="a&apos;b" href="https://x?a=1&amp;b=2">x</a> <a title="&amp;foo; &amp;#0; &amp;#65;">y</a>',
  ],
  [
    '<a href="javascript&colon;x">1</a> <a href="&#106;avascript&#58;x">2</a> <q cite="data:x">3</q>',
    '<a href="javascript&amp;colon;x">1</a> <a href="x">2</a> <q cite="x">3</q>',
    '<a href="x">1</a> <a href="x">2</a> <q cite="x">3</q>',
  ],
  [
    "<del DATETIME=2020 datetime=2021>d</del> <blockquote Cite='https://a' cite='https://b'>q</blockquote>",
    '<del DATETIME="2020" datetime="2021">d</del> <blockquote Cite=\'https://a\' cite=\'https://b\'>q</blockquote>',
    '<del datetime="2020">d</del> <blockquote cite="https://a">q</blockquote>',
  ],
  [
    '&#0; &#x0; &#00; &amp;#65; &amp;#x41; &#x26;#65; &#38;#65;',
    '  &amp;#00; &#065; &#x41; &#x26;#65; &#038;#65;',
    '&amp;#0; &amp;#x0; &amp;#00; &amp;#65; &amp;#x41; &#x26;#65; &#038;#65;',
  ],
]

const RELEASES: WordPressRelease[] = ['6.7.1', '7.0.4']
const passAs = (wordpress: WordPressRelease) => (text: string) =>
  kses(text, TERM_DESCRIPTION_TAGS[wordpress], wordpress)
const pass = passAs('6.7.1')

describe('kses() on a term description, as TEC 6.10 stores it', () => {
  it.each(TEC_6_10)('%j → %j', (sent, answered) => {
    expect(pass(sent)).toBe(answered)
    expect(renderTermDescription(sent, '6.7.1')).toBe(answered)
  })

  it.each(SAVED_TWICE)('%j → %j → %j: changed again where WordPress changes it again', (sent, answered, again) => {
    expect(pass(sent)).toBe(answered)
    expect(pass(answered)).toBe(again)
    expect(pass(again)).toBe(again)
  })
})

describe('kses() on a term description, as TEC 6.17 (WordPress 7.0.4) stores it', () => {
  const pass704 = passAs('7.0.4')
  it.each(TEC_6_10)('%j', (sent, answered) => {
    const stored = WORDPRESS_7_0_4.get(sent) ?? answered
    expect(pass704(sent)).toBe(stored)
    expect(renderTermDescription(sent, '7.0.4')).toBe(stored)
  })

  it.each(BOTH)('%j → 6.7.1 %j, 7.0.4 %j', (sent, old, stored) => {
    expect(pass(sent)).toBe(old)
    expect(pass704(sent)).toBe(stored)
  })
})

/** Pieces of HTML and text that kses reads apart, joined at random. */
const PIECES = [
  '<',
  '>',
  '<a',
  '<A',
  '<b',
  '<p',
  '</',
  '</b>',
  '</a>',
  '<a href=',
  '<q cite=',
  '<del datetime=',
  '<abbr title=',
  '"',
  "'",
  '=',
  ' ',
  '\n',
  '\t',
  '\r',
  '/',
  '&',
  '&amp;',
  '&#',
  '&#x',
  '0',
  '58',
  '3a',
  ';',
  'javascript',
  ':',
  'http',
  'https://',
  'feed:',
  'data:',
  'title',
  'href',
  'onclick',
  '<!--',
  '-->',
  '--->',
  '-',
  '!',
  '<!',
  '?',
  '/?',
  'x',
  'B',
  '\\',
  '\\"',
  '\\0',
  '\u0000',
  '\u0001',
  '\u000b',
  '&copy;',
  '&apos;',
  '&foo;',
  '&colon;',
  '65',
  'x41',
  '<constructor',
  '<toString>',
  '<script>',
  'é',
  '😀',
  '\u00a0',
  '\ud800',
  '\udfff',
  '[',
  ']',
]

const text = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 30 })
  .map((pieces) => pieces.join(''))

// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip spaces and control characters in a scheme
const SKIPPED_IN_SCHEME = /[\s\0-\x1f]/gu

/**
 * The attributes of the allowed elements whose value is a URL, of those `wp_kses_uri_attributes()` lists: the only
 * ones kses cleans of protocols (`<del datetime="data:x">` keeps its value, in PHP as here).
 */
const URL_ATTRIBUTES = new Set(['href', 'cite'])

/**
 * What is wrong with the tags of `html`, or nothing: every `<` must open an allowed element with only its allowed
 * attributes, a comment or a bogus comment, and no URL may start with a script's protocol (entities and spaces read).
 */
function wrongTags(html: string, allowed: AllowedTags): string | undefined {
  const tag = /^<\/?([a-zA-Z]+)((?: [a-zA-Z]+(?:="[^"]*"|='[^']*')?)*)(?: \/)?>/u
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at + 1)) {
    const rest = html.slice(at)
    if (/^<!(?:--|[a-z])|^<\/[^a-zA-Z]/u.test(rest)) continue
    const match = tag.exec(rest)
    const kept = match && Object.hasOwn(allowed, match[1]!.toLowerCase()) && allowed[match[1]!.toLowerCase()]
    if (!match || !kept) return `not an allowed tag: ${rest.slice(0, 40)}`
    for (const [, name, double, single] of match[2]!.matchAll(/ ([a-zA-Z]+)(?:="([^"]*)"|='([^']*)')?/gu)) {
      if (!kept.includes(name!.toLowerCase())) return `not an allowed attribute: ${name}`
      if (!URL_ATTRIBUTES.has(name!.toLowerCase())) continue
      const url = (double ?? single ?? '')
        .replace(/&#(\d+);/gu, (_, code: string) => String.fromCharCode(Number(code) % 256))
        .replace(/&#x([\da-f]+);/giu, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16) % 256))
        .replace(SKIPPED_IN_SCHEME, '')
      if (/^(?:javascript|data|vbscript):/iu.test(url)) return `a script's protocol: ${url}`
    }
  }
  return undefined
}

describe.each(RELEASES)('kses() of WordPress %s on any text', (wordpress) => {
  const pass = passAs(wordpress)

  it('settles after a second pass, as WordPress does; after the first without backslashes or comments', () => {
    fc.assert(
      fc.property(text, (sent) => {
        const once = pass(sent)
        const twice = pass(once)
        expect(pass(twice)).toBe(twice)
        if (!sent.includes('\\') && !sent.includes('<!--')) expect(twice).toBe(once)
      }),
      { numRuns: 2000 },
    )
  })

  it('leaves only allowed elements with their allowed attributes, and no protocol but allowed ones', () => {
    fc.assert(
      fc.property(text, (sent) => {
        expect(wrongTags(pass(sent), TERM_DESCRIPTION_TAGS[wordpress])).toBeUndefined()
      }),
      { numRuns: 2000 },
    )
  })

  it('never throws: lone surrogates, NUL, every code point', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
        (a, b) => {
          expect(typeof pass(a + b)).toBe('string')
        },
      ),
    )
  })
})

const N = 100_000

describe.each(RELEASES)(
  'kses() of WordPress %s on hostile text of 100 KB (each a quadratic reading would not finish)',
  (wordpress) => {
    const pass = passAs(wordpress)

    it.each([
      ['lone <', '<'.repeat(N), '&lt;'.repeat(N)],
      ['lone >', '>'.repeat(N), '&gt;'.repeat(N)],
      ['empty tags', '<>'.repeat(N / 2), ''],
      ['comment openings', '<!--'.repeat(N / 4), '&lt;!--'.repeat(N / 4)],
      ['comment closings', '--->'.repeat(N / 4), '---&gt;'.repeat(N / 4)],
      ['bold openings', '<b>'.repeat(N / 3), '<b>'.repeat(N / 3)],
      ['bare ampersands', '&'.repeat(N), '&amp;'.repeat(N)],
      ['a long run of zeros in an entity', `&#${'0'.repeat(N)}65;`, '&#065;'],
      ['one tag with many attributes', `<a ${'x '.repeat(N / 2)}title=t>`, '<a title="t">'],
      ['one tag with many quotes', `<a ${'"'.repeat(N)}>`, '<a>'],
      ['a protocol repeated', `<a href="${'javascript:'.repeat(N / 11)}x">`, '<a href="">'],
      ['backslashes before a zero', `<a href="${'\\'.repeat(N)}0x">`, '<a href="x">'],
      ['dashes before a closing', `<!--a${'-'.repeat(N)}x--->`, '<!--a-x-->'],
    ])('%s', (_, sent, answered) => {
      expect(pass(sent)).toBe(answered)
    })

    it.each([
      ['comments on a line that goes on', `${'<!--a>'.repeat(N / 6)}\nx`],
      ['comments made by removing delimiters', `<!--${'<!<!----'.repeat(N / 16)}x${'--->'.repeat(N / 16)}`],
      ['bogus closing tags', `${'</ '.repeat(N / 3)}>`],
      ['colons', `<a href="${'a:'.repeat(N / 2)}">`],
      ['declarations', '<!'.repeat(N / 2)],
    ])('%s: an answer kses leaves as it is', (_, sent) => {
      const out = pass(sent)
      expect(pass(out)).toBe(out)
    })
  },
)
